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
import {
  COMPARISON_LANES,
  comparisonBudgetMs,
  plannedSeconds,
  runInLanes,
  RUNS_ALONE,
} from './comparison-plan';

/** Each algorithm's result, by key: what a comparison hands its apply. */
export type Compared = Record<string, AlgorithmRunResult>;

const PROGRESS_EVERY_MS = 1000;

/**
 * The worker side of algorithm comparisons: each algorithm solves the same
 * instance within a budget suited to its size (run); the results are
 * reported (apply), never written to the schedule.
 */
export class ComparisonRun {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly builder: InstanceBuilder,
    /** Where a failed algorithm's internal error goes (the stream shows a plain sentence). */
    private readonly log: TaskLog,
  ) {}

  /**
   * Runs the algorithms, COMPARISON_LANES at a time (those that keep several
   * cores busy alone), each for a budget suited to the schedule's size
   * (comparison-plan.ts), streaming the results so far; null when cancelled.
   */
  async run(task: TaskRow, { signal, progress: report }: RunContext): Promise<Compared | null> {
    const algorithms = task.algorithms as AlgorithmKey[];
    const weights = WeightsSchema.parse(task.weights);
    const results: Record<string, AlgorithmRunResult> = {};
    /** How far each running algorithm is, 0..1. */
    const running = new Map<AlgorithmKey, number>();
    let planned = 0;
    const started = performance.now();
    const update = (status: string) => {
      const elapsed = (performance.now() - started) / 1000;
      const progress =
        Object.keys(results).length + [...running.values()].reduce((s, f) => s + f, 0);
      const estimate = Math.max(elapsed, planned);
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
    const statusNow = () => {
      const names = [...running.keys()].map(labelOf).join(' and ');
      const done = Object.keys(results).length;
      return names === '' ? 'Finishing' : `Running ${names} (${done} of ${algorithms.length} done)`;
    };
    // Updates go out one after another, never two at once, in the order asked.
    let sending: Promise<void> = Promise.resolve();
    const send = () => {
      sending = sending.then(() => update(statusNow())).catch(() => {});
      return sending;
    };
    await update('Reading jobs, staff and leave');
    const { instance } = await this.builder.build(this.db, weights);
    const budgetMs = comparisonBudgetMs(
      instance.jobs.length,
      Math.floor(task.time_limit_ms / algorithms.length),
    );
    planned = plannedSeconds(algorithms, budgetMs, COMPARISON_LANES);
    const runOne = async (algorithm: AlgorithmKey) => {
      if (signal.aborted) return;
      running.set(algorithm, 0);
      await send();
      let last = performance.now();
      try {
        const result = await solve(
          instance,
          { algorithm, timeLimitMs: budgetMs, seed: task.seed, weights },
          {
            signal,
            onProgress: (p) => {
              running.set(algorithm, p.fraction);
              if (performance.now() - last < PROGRESS_EVERY_MS) return;
              last = performance.now();
              void send();
            },
          },
        );
        if (!signal.aborted) results[algorithm] = algorithmResult(instance, result);
      } catch (error) {
        if (!signal.aborted) {
          this.log.error({ err: error, taskId: task.id, algorithm }, 'comparison algorithm failed');
          results[algorithm] = failedResult(algorithm, INTERNAL_ALGORITHM_ERROR);
        }
      } finally {
        running.delete(algorithm);
      }
    };
    await runInLanes(algorithms, COMPARISON_LANES, (a) => RUNS_ALONE.has(a), runOne);
    await sending;
    if (signal.aborted) return null;
    await update('Finishing');
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
