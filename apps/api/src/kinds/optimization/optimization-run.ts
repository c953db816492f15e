import type { OptimizeStreamMessage } from '@meridian/contracts';
import {
  checkHardConstraints,
  WeightsSchema,
  type AlgorithmKey,
  type Weights,
} from '@meridian/domain';
import {
  solve,
  type SolveOptions,
  type SolveProgress,
  type SolveResult,
} from '@meridian/optimizer';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ProposalsRepository } from '../../plan-history/proposals.repository';
import type { TaskRow } from '../../repositories/tasks.repository';
import type { BuiltInstance, InstanceBuilder } from '../../services/instance-builder';
import { TaskFailure } from '../../tasks/task-failure';
import type { RunContext } from '../../tasks/task-kinds';

/** Fewest milliseconds between two streamed progress events of one run. */
const PROGRESS_EVERY_MS = 1000;

/** Describes the first hard-constraint violations with job ids, for an error message. */
export const describeViolations = (v: ReturnType<typeof checkHardConstraints>): string =>
  v
    .slice(0, 3)
    .map((x) => `job ${x.job_id} ${x.slot}: ${x.reason}`)
    .join('; ') + (v.length > 3 ? ` (and ${v.length - 3} more)` : '');

/**
 * A progress line in a manager's words: how far the run is and whether it
 * has found a better plan than the one it started from. The solver's own
 * line names methods, epochs and F; the algorithm's name is shown once, as
 * chosen, in the task's name.
 */
export function progressWords(p: SolveProgress, first: number | null): string {
  const better = first !== null && p.bestObjective !== null && p.bestObjective < first - 1e-6;
  return (
    `Looking for a better plan: ${Math.round(p.fraction * 100)}% of the time used` +
    (better ? '; found one that improves on the current plan' : '; nothing better yet')
  );
}

/** What a run hands its apply: the solver's result and what it was solved from. */
export interface Solved {
  result: SolveResult;
  /** The instance the solver read (built once, before the solve). */
  built: BuiltInstance;
  /** The task's weights, parsed once here. */
  weights: Weights;
  /** A preview's pending proposal (apply=false): the result fills it instead of the plan. */
  previewId: number | null;
}

/**
 * The run step of an optimisation (OptimizationRequests queues it,
 * OptimizationApply writes its result): reads the schedule into an
 * instance, solves on a worker thread and streams progress. Cancelled or
 * infeasible runs hand nothing on.
 */
export class OptimizationRun {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly builder: InstanceBuilder,
    private readonly proposals: ProposalsRepository,
  ) {}

  /** Solves; null when cancelled. */
  async run(task: TaskRow, { signal, progress }: RunContext): Promise<Solved | null> {
    const algorithm = task.algorithm as AlgorithmKey;
    const weights = WeightsSchema.parse(task.weights);
    const emit = (p: SolveProgress) =>
      progress(
        {
          progress: Math.round(p.fraction * 1000) / 10,
          message: p.message,
          elapsed_time: p.elapsedMs / 1000,
          estimated_total_time: p.estimatedTotalMs / 1000,
        },
        {
          type: 'progress',
          progress: Math.round(p.fraction * 1000) / 10,
          message: p.message,
          estimated_total_time: p.estimatedTotalMs / 1000,
          elapsed_time: p.elapsedMs / 1000,
        } satisfies OptimizeStreamMessage,
      );
    await emit({
      fraction: 0,
      message: 'Reading jobs, staff and leave',
      bestObjective: null,
      elapsedMs: 0,
      estimatedTotalMs: task.time_limit_ms,
    });
    const built = await this.builder.build(this.db, weights, { scope: task.scope });
    let lastSent = 0;
    let sending: Promise<void> = Promise.resolve();
    const options: SolveOptions = {
      algorithm,
      timeLimitMs: task.time_limit_ms,
      seed: task.seed,
      weights,
      ...(task.max_iterations !== null ? { maxIterations: task.max_iterations } : {}),
    };
    let first: number | null = null;
    const result = await solve(built.instance, options, {
      signal,
      onProgress: (p) => {
        first ??= p.bestObjective;
        const now = performance.now();
        if (now - lastSent < PROGRESS_EVERY_MS) return;
        lastSent = now;
        const worded = { ...p, message: progressWords(p, first) };
        // Chained so events are stored in order; a failed write never stops the solver.
        sending = sending.then(() => emit(worded)).catch(() => {});
      },
    });
    await sending;
    if (signal.aborted || result.status === 'cancelled') return null;
    if (result.status === 'infeasible') {
      const v = checkHardConstraints(built.instance, result.assignments);
      throw new TaskFailure(
        `Pinned assignments break hard constraints (${describeViolations(v)}); fix or clear them and run again`,
      );
    }
    const preview = await this.proposals.findByTask(task.id);
    return { result, built, weights, previewId: preview?.id ?? null };
  }
}
