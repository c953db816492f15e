import { isDeepStrictEqual } from 'node:util';
import type { ReplayResult } from '@meridian/contracts';
import { WeightsSchema, type AlgorithmKey, type Objective } from '@meridian/domain';
import { solve, type ReplayRecipe, type SolveOptions } from '@meridian/optimizer';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/http-error';
import type { RunsRepository } from './runs.repository';
import type { InstanceBuilder } from '../services/instance-builder';
import { inputFingerprint } from './input-fingerprint';
import type { SettingsService } from '../services/settings.service';
import { isAppliedWhatIf, type RepairReplay } from './repair-replay';

/** Longest a replay may take: twice the run's own limit (at least 10 s), never more than ten minutes. */
const MAX_REPLAY_MS = 10 * 60_000;
const MIN_REPLAY_MS = 10_000;

/** Same F to a relative 1e-6 (the evaluator's sums may round differently in the last bits). */
const sameF = (a: Objective, b: Objective) =>
  Math.abs(a.total - b.total) <= 1e-6 * Math.max(1, Math.abs(a.total));

type RecordedRun = NonNullable<Awaited<ReturnType<RunsRepository['find']>>>;

/**
 * POST /runs/{id}/replay: reruns an optimisation on the data as it is now,
 * with the run's seed, weights and replay recipe, and says whether it reached
 * the same F. The recipe (stats.replay of the solver, migration 0015) holds
 * the schedule's knots and the iterations each method ran, per portfolio
 * epoch and member: with it a search method's rerun never reads the clock,
 * so whenever the input fingerprint matches it must reach the same F,
 * however long the run's time limit was and however busy either machine.
 * That holds for HiGHS too (milp on any path, predict_then_optimize's MILP,
 * a portfolio's exact member): the recipe says where the clock stopped each
 * HiGHS run, counted in HiGHS's interrupt callbacks, and which options it
 * ran with, so a proof and a cut run repeat alike. A run is not
 * reproducible when the solver said so as it ran (its stored blocker: a
 * cancelled run, a crashed HiGHS thread, or a milp whole-model, date-window
 * or predict_then_optimize run recorded before HiGHS runs kept their stops),
 * or when it was recorded before recipes were; the answer says which, and
 * reruns with the seed anyway. One replay at a time per process (each holds
 * a solver thread for up to twice the run's limit).
 *
 * An applied preview (a run of kind proposal, migration 0016) records its
 * search's seed, limits, recipe and input fingerprint, so it replays like an
 * optimisation, against the F of the proposal's plan it wrote. An applied
 * what-if reruns its recorded repair instead (RepairReplay, migration 0018).
 */
export class RunReplay {
  private running = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly runs: RunsRepository,
    private readonly builder: InstanceBuilder,
    private readonly settings: SettingsService,
    private readonly repairs: RepairReplay,
  ) {}

  async replay(id: number, signal?: AbortSignal): Promise<ReplayResult> {
    const run = await this.runs.find(id);
    if (!run) throw notFound(`Run ${id} not found`);
    // An applied what-if reruns its repair (plan-history/repair-replay.ts), not a seeded search.
    if (isAppliedWhatIf(run)) return this.alone(() => this.repairs.replay(run));
    const refusal = notASearch(id, run);
    if (refusal !== null) throw badRequest(refusal);
    if (run.input_fingerprint === null || run.time_limit_ms === null) {
      throw badRequest(
        `Run ${id} was recorded before runs kept their input fingerprint; it cannot be replayed`,
      );
    }
    return this.alone(() => this.rerun(id, run, signal));
  }

  /** Runs one replay at a time in this process; 409 while another runs. */
  private async alone(replay: () => Promise<ReplayResult>): Promise<ReplayResult> {
    if (this.running) throw conflict('A replay is already running; wait for it to finish');
    this.running = true;
    try {
      return await replay();
    } finally {
      this.running = false;
    }
  }

  private async rerun(id: number, run: RecordedRun, signal?: AbortSignal): Promise<ReplayResult> {
    // From where the run started (its window, scope and plan before it), when it kept that.
    const planning = await this.runs.planningOf(id);
    const built = await this.builder.build(
      this.db,
      await this.settings.getWeights(),
      planning === null ? {} : { planning },
    );
    const fingerprintMatches = inputFingerprint(built.instance) === run.input_fingerprint;
    const algorithm = run.algorithm as AlgorithmKey;
    const stored = await this.runs.replayOf(id);
    const recipe = stored?.recipe ? (stored.recipe as ReplayRecipe) : null;
    const recordedLoop = run.iterations[algorithm];
    // Without a recipe (a run recorded before them), the cap or the recorded count is all there is.
    const cap = recipe ? (recipe.iterations ?? null) : (run.max_iterations ?? recordedLoop ?? null);
    // A run recorded before recipes is a function of its seed only if its cap, not the clock, ended it.
    const deterministic = recipe
      ? stored?.blocker === null
      : run.max_iterations !== null && run.status !== 'timeout';
    const timeLimitMs = Math.min(MAX_REPLAY_MS, Math.max(MIN_REPLAY_MS, 2 * run.time_limit_ms!));
    const options: SolveOptions = {
      algorithm,
      seed: run.seed!,
      timeLimitMs,
      weights: WeightsSchema.parse(run.weights),
      ...(recipe ? { replay: recipe } : cap !== null ? { maxIterations: cap } : {}),
    };
    const result = await solve(built.instance, options, { signal });
    const recorded = run.objective_after;
    const replayed = result.objective;
    const reproduced = sameF(recorded, replayed);
    const f = (o: Objective) => o.total.toFixed(4);
    const how = recipe
      ? `the recorded ${describeRecipe(recipe)}`
      : cap !== null
        ? `${cap} iterations`
        : `its time limit again (${algorithm} reports no iteration count)`;
    let message: string;
    if (!fingerprintMatches) {
      message = `The jobs, roster, leave, kits, weights or plan changed since run ${id} (its input fingerprint no longer matches), so this rerun on today's data is not a reproduction: F = ${f(replayed)} against ${f(recorded)} recorded.`;
    } else if (
      deterministic &&
      (recipe ? !isDeepStrictEqual(result.stats.replay, recipe) : result.status === 'timeout')
    ) {
      // A replay that follows the recipe records the same one; the clock stopped this one first.
      message = `The replay hit its time limit (${Math.round(timeLimitMs / 1000)} s) before ${how}, so it is not a reproduction: F = ${f(replayed)} against ${f(recorded)} recorded. Try again when the machine is less busy.`;
    } else if (deterministic) {
      message = reproduced
        ? `Reproduced: seed ${run.seed} and ${how} give F = ${f(replayed)} again.`
        : `Not reproduced: seed ${run.seed} and ${how} gave F = ${f(replayed)}, the run recorded ${f(recorded)}. The input is the same, so this is a bug.`;
    } else {
      const why = recipe
        ? `Run ${id} cannot be reproduced exactly: ${stored!.blocker}.`
        : `Run ${id} was recorded before runs kept what reproduces them, and it stopped on its time limit, so its search depended on the machine's speed.`;
      message = `${why} Rerun with seed ${run.seed} and ${how}: F = ${f(replayed)} against ${f(recorded)} recorded (${reproduced ? 'the same' : 'different'}).`;
    }
    return {
      run_id: id,
      fingerprint_matches: fingerprintMatches,
      reproduced: fingerprintMatches && reproduced,
      deterministic,
      objective_recorded: recorded,
      objective_replayed: replayed,
      seed: run.seed!,
      max_iterations: cap,
      elapsed_ms: result.elapsed_ms,
      message,
    };
  }
}

/**
 * Why a run is no search a replay can rerun, or null when it is one: an
 * optimisation, or an applied preview that kept its search (migration 0016).
 * (An applied what-if never gets here: it replays its repair.)
 */
function notASearch(id: number, run: RecordedRun): string | null {
  if (run.algorithm !== null && run.seed !== null) {
    if (run.kind === 'optimization' || run.kind === 'proposal') return null;
  }
  if (run.kind === 'proposal') {
    return `Run ${id} applied a preview recorded before previews kept their seed and recipe; it cannot be replayed`;
  }
  return `Run ${id} is a ${run.kind.replace('_', ' ')}; only optimisation runs and applied previews can be replayed`;
}

/** The recipe in words: a method's iterations, or the portfolio's epochs. */
function describeRecipe(recipe: ReplayRecipe): string {
  if (recipe.epochs) return `${recipe.epochs.length} portfolio epochs of its members' iterations`;
  return recipe.iterations !== undefined ? `${recipe.iterations} iterations` : 'run';
}
