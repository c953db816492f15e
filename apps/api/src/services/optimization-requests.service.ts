import { randomInt } from 'node:crypto';
import type { TaskStarted } from '@meridian/contracts';
import type { AlgorithmKey } from '@meridian/domain';
import type { TaskSettings } from '../config/task-settings';
import type { AuthUser } from '../http/fastify-types';
import type { TasksService } from '../tasks/tasks.service';
import { labelOf } from './algorithm-label';
import type { SettingsService } from './settings.service';

/** The request side of optimisation: queues a run; a worker runs it (OptimizationRun). */
export class OptimizationRequests {
  constructor(
    private readonly tasks: TasksService,
    private readonly settings: SettingsService,
    private readonly taskSettings: TaskSettings,
  ) {}

  /**
   * Queues a run with the saved weights and a fresh seed; answers the task's
   * id and name at once. One queued or running optimisation per user
   * (TasksService.create): a second start answers 429, since each run holds a
   * solver for its whole time limit and a queue of them from one user would
   * only delay everyone else's.
   */
  async start(algorithm: AlgorithmKey, user: AuthUser): Promise<TaskStarted> {
    return this.tasks.create({
      type: 'optimization',
      name: `Optimization (${labelOf(algorithm)})`,
      algorithm,
      algorithms: null,
      createdBy: user.id,
      weights: await this.settings.getWeights(),
      seed: randomInt(1, 2 ** 31 - 1),
      timeLimitMs: this.taskSettings.optimizeTimeLimitMs,
      total: 100,
    });
  }
}
