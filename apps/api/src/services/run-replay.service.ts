import type { ReplayResult } from '@meridian/contracts';
import { WeightsSchema, type AlgorithmKey, type Objective } from '@meridian/domain';
import { solve, type SolveOptions } from '@meridian/optimizer';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/http-error';
import type { RunsRepository } from '../repositories/runs.repository';
import type { InstanceBuilder } from './instance-builder';
import { inputFingerprint } from './input-fingerprint';
import type { SettingsService } from './settings.service';

/** Longest a replay may take: twice the run's own limit, never more than ten minutes. */
const MAX_REPLAY_MS = 10 * 60_000;

/** Same F to a relative 1e-6 (the evaluator's sums may round differently in the last bits). */
const sameF = (a: Objective, b: Objective) =>
  Math.abs(a.total - b.total) <= 1e-6 * Math.max(1, Math.abs(a.total));

/**
 * POST /runs/{id}/replay: reruns an optimisation on the data as it is now,
 * with the run's seed, weights and iteration counts, and says whether it
 * reached the same F. Only a run bound by an iteration cap (and that did not
 * hit its time limit) is a deterministic function of its input and seed; a
 * run that stopped on the wall clock searched for as long as the machine
 * allowed, so its replay (capped at the iterations it recorded) may differ,
 * and the answer says so. When the input fingerprint no longer matches, the
 * rerun is on different data and cannot be a reproduction. One replay at a
 * time per process (each holds a solver thread for up to the run's limit).
 */
export class RunReplay {
  private running = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly runs: RunsRepository,
    private readonly builder: InstanceBuilder,
    private readonly settings: SettingsService,
  ) {}

  async replay(id: number, signal?: AbortSignal): Promise<ReplayResult> {
    const run = await this.runs.find(id);
    if (!run) throw notFound(`Run ${id} not found`);
    if (run.kind !== 'optimization' || run.algorithm === null || run.seed === null) {
      throw badRequest(
        `Run ${id} is a ${run.kind.replace('_', ' ')}; only optimisation runs can be replayed`,
      );
    }
    if (run.input_fingerprint === null || run.time_limit_ms === null) {
      throw badRequest(
        `Run ${id} was recorded before runs kept their input fingerprint; it cannot be replayed`,
      );
    }
    if (this.running) throw conflict('A replay is already running; wait for it to finish');
    this.running = true;
    try {
      return await this.rerun(id, run, signal);
    } finally {
      this.running = false;
    }
  }

  private async rerun(
    id: number,
    run: NonNullable<Awaited<ReturnType<RunsRepository['find']>>>,
    signal?: AbortSignal,
  ): Promise<ReplayResult> {
    const built = await this.builder.build(this.db, await this.settings.getWeights());
    const fingerprintMatches = inputFingerprint(built.instance) === run.input_fingerprint;
    const algorithm = run.algorithm as AlgorithmKey;
    const recordedLoop = run.iterations[algorithm];
    const cap = run.max_iterations ?? recordedLoop ?? null;
    // Deterministic only when the cap, not the clock, ended the run.
    const deterministic = run.max_iterations !== null && run.status !== 'timeout';
    const timeLimitMs = deterministic
      ? Math.min(MAX_REPLAY_MS, 2 * run.time_limit_ms!)
      : Math.min(MAX_REPLAY_MS, run.time_limit_ms!);
    const options: SolveOptions = {
      algorithm,
      seed: run.seed!,
      timeLimitMs,
      weights: WeightsSchema.parse(run.weights),
      ...(cap !== null ? { maxIterations: cap } : {}),
    };
    const result = await solve(built.instance, options, { signal });
    const recorded = run.objective_after;
    const replayed = result.objective;
    const reproduced = sameF(recorded, replayed);
    const f = (o: Objective) => o.total.toFixed(4);
    let message: string;
    if (!fingerprintMatches) {
      message = `The jobs, roster, leave, kits or weights changed since run ${id} (its input fingerprint no longer matches), so this rerun on today's data is not a reproduction: F = ${f(replayed)} against ${f(recorded)} recorded.`;
    } else if (result.status === 'timeout' && deterministic) {
      message = `The replay hit its time limit (${Math.round(timeLimitMs / 1000)} s) before the run's ${cap} iterations, so it is not a reproduction: F = ${f(replayed)} against ${f(recorded)} recorded. Try again when the machine is less busy.`;
    } else if (deterministic) {
      message = reproduced
        ? `Reproduced: seed ${run.seed} and ${cap} iterations give F = ${f(replayed)} again.`
        : `Not reproduced: seed ${run.seed} and ${cap} iterations gave F = ${f(replayed)}, the run recorded ${f(recorded)}. The input is the same, so this is a bug.`;
    } else {
      const how =
        recordedLoop !== undefined
          ? `its recorded ${recordedLoop} iterations`
          : `its time limit again (${algorithm} reports no iteration count)`;
      message = `Run ${id} stopped on its time limit, not an iteration cap, so its search depended on the machine's speed and a replay cannot be guaranteed to repeat it. Rerun with seed ${run.seed} for ${how}: F = ${f(replayed)} against ${f(recorded)} recorded (${reproduced ? 'the same' : 'different'}). Start runs with max_iterations to make them repeatable.`;
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
