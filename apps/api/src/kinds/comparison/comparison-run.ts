import type { CompareStreamMessage } from '@meridian/contracts';
import { WeightsSchema, type AlgorithmKey } from '@meridian/domain';
import { solve } from '@meridian/optimizer';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { TaskRow } from '../../repositories/tasks.repository';
import { INTERNAL_ALGORITHM_ERROR } from '../../tasks/task-failure';
import type { RunContext, TaskOutcome } from '../../tasks/task-kinds';
import type { TaskLog } from '../../tasks/task-runner';
import { algorithmResult, failedResult, type AlgorithmRunResult } from '../algorithm-result';
import { labelOf } from '../algorithm-label';
import type { InstanceBuilder } from '../../services/instance-builder';

/** Each algorithm's result, by key: what a comparison hands its apply. */
export type Compared = Record<string, AlgorithmRunResult>;

const PROGRESS_EVERY_MS = 1000;

/**
 * The worker side of algorithm comparisons: each algorithm solves the same
 * instance with a share of the time limit (run); the results are reported
 * (apply), never written to the schedule.
 */
export class ComparisonRun {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly builder: InstanceBuilder,
    /** Where a failed algorithm's internal error goes (the stream shows a plain sentence). */
    private readonly log: TaskLog,
  ) {}

  /** Runs each algorithm in turn, streaming results so far; null when cancelled. */
  async run(task: TaskRow, { signal, progress: report }: RunContext): Promise<Compared | null> {
    const algorithms = task.algorithms as AlgorithmKey[];
    const weights = WeightsSchema.parse(task.weights);
    const perAlgorithm = Math.floor(task.time_limit_ms / algorithms.length);
    const results: Record<string, AlgorithmRunResult> = {};
    const started = performance.now();
    const update = (status: string, progress: number) => {
      const elapsed = (performance.now() - started) / 1000;
      const estimate = Math.max(elapsed, (algorithms.length * perAlgorithm) / 1000);
      return report(
        {
          progress,
          message: status,
          elapsed_time: elapsed,
          estimated_total_time: estimate,
          results,
        },
        {
          type: 'update',
          status,
          progress,
          total: algorithms.length,
          results: { ...results },
          estimated_total_time: estimate,
        } satisfies CompareStreamMessage,
      );
    };
    await update('Reading jobs, staff and leave', 0);
    const { instance } = await this.builder.build(this.db, weights);
    for (const [i, algorithm] of algorithms.entries()) {
      if (signal.aborted) return null;
      const status = `Running ${labelOf(algorithm)} (${i + 1} of ${algorithms.length})`;
      await update(status, i);
      let last = performance.now();
      let sending: Promise<void> = Promise.resolve();
      try {
        const result = await solve(
          instance,
          { algorithm, timeLimitMs: perAlgorithm, seed: task.seed, weights },
          {
            signal,
            onProgress: (p) => {
              if (performance.now() - last < PROGRESS_EVERY_MS) return;
              last = performance.now();
              sending = sending.then(() => update(status, i + p.fraction)).catch(() => {});
            },
          },
        );
        await sending;
        if (signal.aborted) return null;
        results[algorithm] = algorithmResult(instance, result);
      } catch (error) {
        await sending;
        if (signal.aborted) return null;
        this.log.error({ err: error, taskId: task.id, algorithm }, 'comparison algorithm failed');
        results[algorithm] = failedResult(algorithm, INTERNAL_ALGORITHM_ERROR);
      }
    }
    await update('Finishing', algorithms.length);
    return results;
  }

  /** The comparison's outcome: its results, never a write. */
  outcome(task: TaskRow, results: Compared): TaskOutcome {
    const algorithms = task.algorithms as AlgorithmKey[];
    const failed = Object.values(results).filter((r) => r.error !== null).length;
    return {
      message: `Compared ${algorithms.length} algorithms${failed > 0 ? ` (${failed} failed)` : ''}`,
      finalEvent: { type: 'complete', results } satisfies CompareStreamMessage,
      results,
    };
  }
}
