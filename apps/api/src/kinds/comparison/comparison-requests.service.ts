import { randomInt } from 'node:crypto';
import type { TaskStarted } from '@meridian/contracts';
import { ALGORITHMS, type AlgorithmKey } from '@meridian/domain';
import type { TaskSettings } from '../../config/task-settings';
import type { AuthUser } from '../../http/fastify-types';
import type { TasksService } from '../../tasks/tasks.service';
import type { SettingsService } from '../../services/settings.service';

/** Every catalogue key, in catalogue order: what a comparison runs by default. */
export const ALL_ALGORITHMS: AlgorithmKey[] = ALGORITHMS.map((a) => a.key);

/**
 * The request side of algorithm comparisons (ComparisonRun runs them). One
 * queued or running comparison per user (a partial unique index enforces it).
 */
export class ComparisonRequests {
  constructor(
    private readonly tasks: TasksService,
    private readonly settings: SettingsService,
    private readonly taskSettings: TaskSettings,
  ) {}

  /** Queues a comparison of `algorithms` (default: the whole catalogue); 429 when one is running. */
  async start(user: AuthUser, requested: AlgorithmKey[] = ALL_ALGORITHMS): Promise<TaskStarted> {
    // Each algorithm once: a repeated key would multiply the run's time and solver work.
    const algorithms = [...new Set(requested)];
    const perAlgorithm = this.taskSettings.compareTimeLimitMs;
    return this.tasks.create({
      type: 'comparison',
      name: `Comparison of ${algorithms.length} algorithms`,
      algorithm: null,
      algorithms,
      createdBy: user.id,
      weights: await this.settings.getWeights(),
      seed: randomInt(1, 2 ** 31 - 1),
      timeLimitMs: perAlgorithm * algorithms.length,
      total: algorithms.length,
    });
  }
}
