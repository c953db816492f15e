import type { AlgorithmKey } from '@meridian/domain';
import type { ReplayRecipe } from '../core/contract';
import { assignmentVector } from '../core/assignment-vector';
import { AlgorithmContext } from '../core/context';
import type { AlgorithmThread, RunOptions } from '../core/context';
import { SolutionState } from '../core/solution';
import { replayBlocker } from '../core/replay';
import { Rng } from '../core/rng';
import { relink } from './relink';
import type { RelinkPath } from './relink';
import { mixKeys, portfolioMargin } from './members';
import type { MemberRecord, PortfolioMix } from './members';

/** `finder` when the incumbent is the start solution, or path relinking's. */
const START = -1;
const RELINKED = -2;
/** A thread member that becomes ready with less than this share of an epoch left sits the epoch out. */
const MIN_EPOCH_SHARE = 0.1;
/** Progress ticks while the members run. */
const TICK_MS = 500;

/** How the members' runs of an epoch are bounded. */
type EpochMode =
  | { readonly kind: 'capped'; readonly cap: number }
  | { readonly kind: 'replay'; readonly epochs: readonly (readonly (ReplayRecipe | null)[])[] }
  | { readonly kind: 'timed' };

/** A member's run of one epoch: its recipe, or why it cannot be replayed. */
interface MemberRun {
  readonly state: SolutionState;
  readonly recipe: ReplayRecipe;
  readonly blocker: string | null;
  readonly iterations: number | null;
}

/**
 * The portfolio in epochs. In each epoch every member runs side by side (one
 * on this thread, the others on worker threads) from the same incumbent with
 * a seed of its own, and is waited for; the epoch's best (ties to the earlier
 * member) is the next incumbent, or path relinking's between the members'
 * finds when it beats them (relink.ts). Solutions are exchanged only there, so the
 * run is a function of the seed and each member's runs, whose recipes
 * (schedule and iterations, ReplayRecipe) it records per epoch: a replay runs
 * the same epochs from the same incumbents. Under an iteration cap each
 * member runs its share of the cap per epoch; under a time limit an epoch
 * ends at its share of the budget (the limit less portfolioMargin), and a
 * thread member joins the first epoch when its thread is ready (the in-thread
 * member starts at once).
 */
export async function runEpochs(
  ctx: AlgorithmContext,
  pending: Promise<AlgorithmThread[]>,
  records: MemberRecord[],
  mix: PortfolioMix,
  stop: AbortSignal,
  budgetMs: number = ctx.deadlineMs - portfolioMargin(ctx.options.timeLimitMs),
): Promise<EpochsResult> {
  const workers = await pending;
  const replayed = ctx.options.replay?.epochs;
  const mode: EpochMode = replayed
    ? { kind: 'replay', epochs: replayed }
    : ctx.options.maxIterations !== undefined
      ? { kind: 'capped', cap: ctx.options.maxIterations }
      : { kind: 'timed' };
  if (mode.kind !== 'timed') {
    // Capped and replayed epochs wait for every thread: a member that sat out would change the run.
    await Promise.all(
      workers.map((w, k) =>
        w.ready.catch((error: unknown) => {
          records[k + 1]!.error = error instanceof Error ? error.message : String(error);
        }),
      ),
    );
  }
  const run = new Epochs({ ctx, workers, records, mix, stop, budgetMs, mode });
  const ticks = setInterval(() => ctx.report(run.summary(), undefined, true), TICK_MS);
  try {
    for (let e = 0; e < run.count && !stop.aborted && !ctx.shouldStop(); e++) await run.epoch(e);
  } finally {
    clearInterval(ticks);
  }
  return run.result();
}

/** What runEpochs returns: its stats, its recipe, and why it cannot be replayed (or null). */
export interface EpochsResult {
  stats: Record<string, unknown>;
  replay: ReplayRecipe;
  blocker: string | null;
}

/** What the epochs of one run are given. */
interface EpochsSetup {
  readonly ctx: AlgorithmContext;
  readonly workers: readonly AlgorithmThread[];
  readonly records: MemberRecord[];
  readonly mix: PortfolioMix;
  readonly stop: AbortSignal;
  readonly budgetMs: number;
  readonly mode: EpochMode;
}

/** The epochs of one run: what they found so far, and how each one runs. */
class Epochs {
  /** How many epochs the run has (a replay: the recorded run's). */
  readonly count: number;
  private readonly setup: EpochsSetup;
  private readonly keys: AlgorithmKey[];
  /** The member whose find is the incumbent (START, RELINKED: not a member's). */
  private finder = START;
  private readonly relinked: ({ epoch: number; adopted_as_best: boolean } & RelinkPath)[] = [];
  private relinkMs = 0;
  /** The best each member held. */
  private readonly held: number[];
  private readonly incumbents: { found_by: string; total: number }[] = [];
  private readonly recipes: (ReplayRecipe | null)[][] = [];
  private readonly blockers: string[] = [];
  /** Epochs run so far. */
  private done = 0;

  constructor(setup: EpochsSetup) {
    this.setup = setup;
    this.count = setup.mode.kind === 'replay' ? setup.mode.epochs.length : setup.mix.epochs;
    this.keys = mixKeys(setup.mix);
    this.held = setup.records.map(() => Infinity);
  }

  summary(): string {
    const { ctx } = this.setup;
    return `portfolio epoch ${Math.min(this.done + 1, this.count)} of ${this.count}: best ${ctx.best.total.toFixed(1)} (${ctx.foundBy ?? 'start'})`;
  }

  /**
   * Epoch `e`: every member from the incumbent, side by side; the best find
   * (or path relinking's between the finds) is the next incumbent.
   */
  async epoch(e: number): Promise<void> {
    const { ctx, records, workers, stop, mode } = this.setup;
    records.forEach((record, i) => {
      if (this.finder !== START && this.finder !== i && ctx.best.total < this.held[i]! - 1e-9)
        record.adoptions++;
    });
    const incumbentBefore = ctx.best.total;
    const settled = await Promise.allSettled([
      this.inThread(e),
      ...workers.map((w, k) => this.onThread(w, k + 1, e)),
    ]);
    this.done++;
    const { finds, epochRecipes } = this.collect(settled, e);
    // Between epochs (not after the last: its time is the margin's), path relinking between
    // the first two members' finds, both ways; a better solution is the next incumbent.
    if (e < this.count - 1 && finds.length >= 2 && !stop.aborted) this.relinkFinds(finds, e);
    // Counted once per epoch, for the find every member starts the next epoch from (or the result).
    if (this.finder >= 0 && ctx.best.total < incumbentBefore - 1e-9)
      records[this.finder]!.adopted_as_best++;
    this.recipes.push(epochRecipes);
    this.incumbents.push({
      found_by:
        this.finder >= 0
          ? this.keys[this.finder]!
          : this.finder === RELINKED
            ? 'path relinking'
            : 'start',
      total: ctx.best.total,
    });
    // Under a time limit the clock is the progress; otherwise the share of epochs done.
    ctx.report(this.summary(), mode.kind === 'timed' ? undefined : (e + 1) / this.count, true);
  }

  /** When epoch `e` ends under a time limit (ms into the run). */
  private epochEndMs(e: number): number {
    return (this.setup.budgetMs * (e + 1)) / this.count;
  }

  /** A run's options for member i in epoch e, or null when it sits the epoch out. */
  private plan(e: number, i: number): RunOptions | null {
    const { ctx, mode, budgetMs } = this.setup;
    const base = {
      algorithm: this.keys[i]!,
      seed: (ctx.options.seed + 1009 * e + 17 * i) >>> 0,
      weights: ctx.compiled.weights,
      initial: ctx.best.assign.slice(),
    };
    if (mode.kind === 'capped')
      return {
        ...base,
        timeLimitMs: Math.max(1, ctx.remainingMs),
        maxIterations: Math.ceil(mode.cap / this.count),
      };
    if (mode.kind === 'replay') {
      const recipe = mode.epochs[e]?.[i] ?? null;
      return recipe && { ...base, timeLimitMs: Math.max(1, ctx.remainingMs), replay: recipe };
    }
    // The in-thread member is there from the start and always runs; a thread member that
    // would join with a sliver of the epoch left sits it out.
    const left = this.epochEndMs(e) - ctx.elapsedMs;
    return i === 0 || left >= MIN_EPOCH_SHARE * (budgetMs / this.count)
      ? { ...base, timeLimitMs: Math.max(1, left) }
      : null;
  }

  /** The in-thread member's run of epoch e. */
  private async inThread(e: number): Promise<MemberRun | null> {
    const { ctx, records, mix, stop } = this.setup;
    const options = this.plan(e, 0);
    if (!options) return null;
    records[0]!.started_ms ??= Math.round(ctx.elapsedMs);
    const sub = new AlgorithmContext(ctx.instance, ctx.compiled, options, stop, undefined, {
      now: ctx.now,
    });
    const outcome = await mix.inThread.run(sub);
    const iterations = countOf(outcome.stats);
    return {
      state: sub.best,
      recipe: sub.replayRecipe(iterations ?? undefined),
      blocker: replayBlocker(mix.inThread.key, sub, outcome),
      iterations,
    };
  }

  /** Thread member i's run of epoch e (null: it sat the epoch out). */
  private async onThread(worker: AlgorithmThread, i: number, e: number): Promise<MemberRun | null> {
    const { ctx, records, stop, mode } = this.setup;
    if (records[i]!.error) throw new Error(records[i]!.error);
    if (mode.kind === 'timed' && !worker.isReady) {
      // Waits for the thread until the epoch ends; it joins if enough of the epoch is left.
      await readyOrStopped(worker, Math.max(0, this.epochEndMs(e) - ctx.elapsedMs), stop);
      if (!worker.isReady || stop.aborted) return null;
    }
    const options = this.plan(e, i);
    if (!options) return null;
    records[i]!.started_ms ??= Math.round(ctx.elapsedMs);
    const result = await worker.run(options, { signal: stop });
    const state = new SolutionState(ctx.compiled);
    state.loadAssignment(assignmentVector(ctx.compiled, result.assignments));
    return {
      state,
      recipe: (result.stats.replay as ReplayRecipe | undefined) ?? {},
      blocker:
        result.stats.replayable === true
          ? null
          : typeof result.stats.not_replayable_because === 'string'
            ? result.stats.not_replayable_because
            : 'it reported no replay',
      iterations: countOf(result.stats),
    };
  }

  /** Records the members' runs of epoch e and offers their finds; returns them and their recipes. */
  private collect(
    settled: PromiseSettledResult<MemberRun | null>[],
    e: number,
  ): { finds: SolutionState[]; epochRecipes: (ReplayRecipe | null)[] } {
    const { ctx, records } = this.setup;
    const epochRecipes: (ReplayRecipe | null)[] = [];
    const finds: SolutionState[] = [];
    settled.forEach((outcome, i) => {
      const record = records[i]!;
      if (outcome.status === 'rejected') {
        record.error ??= outcome.reason instanceof Error ? outcome.reason.message : 'failed';
        this.blockers.push(`${record.algorithm} failed in epoch ${e + 1}: ${record.error}`);
        epochRecipes.push(null);
        return;
      }
      const run = outcome.value;
      epochRecipes.push(run?.recipe ?? null);
      if (!run) return;
      finds.push(run.state);
      if (run.blocker) this.blockers.push(`${record.algorithm} in epoch ${e + 1}: ${run.blocker}`);
      record.segments++;
      if (run.iterations !== null) record.iterations = (record.iterations ?? 0) + run.iterations;
      const total = run.state.total;
      this.held[i] = Math.min(this.held[i]!, total);
      record.best = Math.min(record.best ?? Infinity, total);
      if (total < ctx.best.total - 1e-9)
        record.found_best = Math.min(record.found_best ?? Infinity, total);
      if (ctx.offer(run.state, this.keys[i])) this.finder = i;
    });
    return { finds, epochRecipes };
  }

  /** Path relinking between the first two finds of epoch e, both ways. */
  private relinkFinds(finds: readonly SolutionState[], e: number): void {
    const { ctx } = this.setup;
    const started = ctx.elapsedMs;
    const rng = new Rng((ctx.options.seed + 7919 * (e + 1)) >>> 0);
    for (const [from, guide] of [
      [finds[0]!, finds[1]!],
      [finds[1]!, finds[0]!],
    ] as const) {
      const { state, path } = relink(from, guide, rng);
      const adopted = state !== null && ctx.offer(state, 'path relinking');
      if (adopted) this.finder = RELINKED;
      this.relinked.push({ epoch: e + 1, ...path, adopted_as_best: adopted });
    }
    this.relinkMs += ctx.elapsedMs - started;
  }

  /** The run's stats, its recipe (each epoch's members' recipes) and why it cannot be replayed. */
  result(): EpochsResult {
    const { ctx, stop, mode, budgetMs } = this.setup;
    if (mode.kind === 'replay' && this.done < this.count)
      this.blockers.push(`the run stopped after ${this.done} of ${this.count} epochs`);
    // A member cut off by its deadline (the epoch's end) means the limit ended the run; a proof
    // (stop without a cancel) did not.
    if (mode.kind === 'timed' && !stop.aborted) ctx.isTimedOut = true;
    return {
      stats: {
        mode: `${this.done} epochs (${mode.kind === 'timed' ? 'time limit' : mode.kind === 'capped' ? 'iteration cap' : 'replay'})`,
        budget_ms: Math.round(budgetMs),
        incumbent_after_round: this.incumbents,
        path_relinking: this.relinked,
        path_relinking_ms: Math.round(this.relinkMs),
      },
      replay: { epochs: this.recipes },
      blocker: this.blockers.length > 0 ? this.blockers.join('; ') : null,
    };
  }
}

/** Resolves when the thread is ready, `waitMs` has passed or the run stops, whichever comes first. */
function readyOrStopped(
  worker: AlgorithmThread,
  waitMs: number,
  stop: AbortSignal,
): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  let onStop: (() => void) | undefined;
  return Promise.race([
    worker.ready,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
      onStop = () => resolve();
      stop.addEventListener('abort', onStop, { once: true });
    }),
  ]).finally(() => {
    clearTimeout(timer);
    if (onStop) stop.removeEventListener('abort', onStop);
  });
}

/** A run's main-loop iterations, when its method counts them. */
function countOf(stats: Record<string, unknown> | undefined): number | null {
  return typeof stats?.iterations === 'number' ? stats.iterations : null;
}
