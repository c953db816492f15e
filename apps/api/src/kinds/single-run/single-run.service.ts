import type { RunSingleResponse } from '@meridian/contracts';
import { WeightsSchema, type AlgorithmKey } from '@meridian/domain';
import { solve } from '@meridian/optimizer';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { TaskRow } from '../../repositories/tasks.repository';
import type { TasksService } from '../../tasks/tasks.service';
import { algorithmResult, failedResult, workloadOf } from '../algorithm-result';
import type { InstanceBuilder } from '../../services/instance-builder';
import { INTERNAL_ALGORITHM_ERROR } from '../../tasks/task-failure';
import type { TaskLog } from '../../tasks/task-runner';

/**
 * The worker side of single algorithm runs (SingleRunRequests queues them and
 * answers the result): one solve on the task's weights and seed, reported in
 * the task's results, never written to the schedule. A solver that fails is
 * reported as that algorithm's error, as comparisons do.
 */
export class SingleRun {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly tasks: TasksService,
    private readonly builder: InstanceBuilder,
    private readonly log: Pick<TaskLog, 'error'>,
  ) {}

  /** Solves; completes the task with the workload and result unless cancelled. */
  async run(task: TaskRow, signal: AbortSignal): Promise<void> {
    const algorithm = task.algorithm as AlgorithmKey;
    const weights = WeightsSchema.parse(task.weights);
    const { instance } = await this.builder.build(this.db, weights);
    let answer: RunSingleResponse;
    try {
      const result = await solve(
        instance,
        { algorithm, timeLimitMs: task.time_limit_ms, seed: task.seed, weights },
        { signal },
      );
      answer = {
        workload: workloadOf(instance, result),
        results: { [algorithm]: algorithmResult(instance, result) },
      };
    } catch (error) {
      // The answer carries a plain sentence; the internal text goes to the log.
      this.log.error({ err: error, algorithm, taskId: task.id }, 'single algorithm run failed');
      answer = {
        workload: {},
        results: { [algorithm]: failedResult(algorithm, INTERNAL_ALGORITHM_ERROR) },
      };
    }
    if (signal.aborted) return;
    const failed = answer.results[algorithm]!.error !== null;
    await this.tasks.finish(task.id, 'complete', {
      message: failed ? `${algorithm} failed` : `${algorithm} ran`,
      finalEvent: { type: 'complete' },
      results: answer,
    });
  }
}
