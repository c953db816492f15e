import { RunSingleResponseSchema, type RunSingleResponse } from '@meridian/contracts';
import type { AlgorithmKey } from '@meridian/domain';
import type { TaskSettings } from '../../config/task-settings';
import type { AuthUser } from '../../http/fastify-types';
import type { AwaitedTasks } from '../../tasks/awaited-tasks';
import { labelOf } from '../algorithm-label';
import type { SettingsService } from '../../services/settings.service';

/**
 * The request side of single algorithm runs (SingleRun runs them): queues
 * one and answers its result in the request. One queued or running per user
 * (a partial unique index); nothing is stored but the task.
 */
export class SingleRunRequests {
  constructor(
    private readonly awaited: AwaitedTasks,
    private readonly settings: SettingsService,
    private readonly taskSettings: TaskSettings,
  ) {}

  /**
   * One algorithm with the short time limit, on the saved weights: the
   * workload map of its solution and its result. `signal` (the client went
   * away) cancels the task, which stops its solver wherever it runs.
   */
  async runSingle(
    user: AuthUser,
    algorithm: AlgorithmKey,
    signal?: AbortSignal,
  ): Promise<RunSingleResponse> {
    const limit = this.taskSettings.singleRunTimeLimitMs;
    const row = await this.awaited.run(
      {
        type: 'single_run',
        name: `Single run (${labelOf(algorithm)})`,
        algorithm,
        algorithms: null,
        createdBy: user.id,
        weights: await this.settings.getWeights(),
        // A fixed seed: the same schedule gives the same answer.
        seed: 1,
        timeLimitMs: limit,
        total: 1,
      },
      limit + this.taskSettings.awaitSlackMs,
      signal,
    );
    return RunSingleResponseSchema.parse(row.results);
  }
}
