import type { RunSingleResponse } from '@meridian/contracts';
import { WeightsSchema, type AlgorithmKey } from '@meridian/domain';
import { solve } from '@meridian/optimizer';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { TaskRow } from '../../repositories/tasks.repository';
import { algorithmResult, failedResult, workloadOf } from '../algorithm-result';
import type { InstanceBuilder } from '../../services/instance-builder';
import { INTERNAL_ALGORITHM_ERROR } from '../../tasks/task-failure';
import type { RunContext, TaskOutcome } from '../../tasks/task-kinds';
import type { TaskLog } from '../../tasks/task-runner';

/**
 * The worker side of single algorithm runs (SingleRunRequests queues them and
 * answers the result): one solve on the task's weights and seed (run),
 * reported in the task's results (apply), never written to the schedule. A
 * solver that fails is reported as that algorithm's error, as comparisons do.
 */
export class SingleRun {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly builder: InstanceBuilder,
    private readonly log: Pick<TaskLog, 'error'>,
  ) {}

  /** Solves; the workload and result, or null when cancelled. */
  async run(task: TaskRow, { signal }: RunContext): Promise<RunSingleResponse | null> {
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
    return signal.aborted ? null : answer;
  }

  /** The run's outcome: the answer the waiting request reads from the task's results. */
  outcome(task: TaskRow, answer: RunSingleResponse): TaskOutcome {
    const algorithm = task.algorithm as AlgorithmKey;
    const failed = answer.results[algorithm]!.error !== null;
    return {
      message: failed ? `${algorithm} failed` : `${algorithm} ran`,
      finalEvent: { type: 'complete' },
      results: answer,
    };
  }
}
