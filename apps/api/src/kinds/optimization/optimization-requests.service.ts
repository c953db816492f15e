import { randomInt } from 'node:crypto';
import type { TaskStarted } from '@meridian/contracts';
import type { AlgorithmKey, PlanScope } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { TaskSettings } from '../../config/task-settings';
import type { AuthUser } from '../../http/fastify-types';
import type { ProposalsRepository } from '../../plan-history/proposals.repository';
import type { TasksService } from '../../tasks/tasks.service';
import { labelOf } from '../algorithm-label';
import type { SettingsService } from '../../services/settings.service';

/** The request side of optimisation: queues a run; a worker runs it (OptimizationRun). */
export class OptimizationRequests {
  constructor(
    private readonly tasks: TasksService,
    private readonly settings: SettingsService,
    private readonly taskSettings: TaskSettings,
    private readonly proposals: ProposalsRepository,
  ) {}

  /**
   * Queues a run with the saved weights and a fresh seed; answers the task's
   * id and name at once. One queued or running optimisation per user
   * (TasksService.create): a second start answers 429, since each run holds a
   * solver for its whole time limit and a queue of them from one user would
   * only delay everyone else's. With `apply` false it is a preview: a pending
   * proposal is stored with the task, and the run fills it instead of
   * changing the plan. An iteration cap makes the run repeatable (replay)
   * as long as it ends on the cap rather than the time limit. `scope` says
   * what it may change: draft jobs only, or published ones too.
   */
  async start(
    algorithm: AlgorithmKey,
    user: AuthUser,
    apply = true,
    maxIterations?: number,
    scope: PlanScope = 'draft',
  ): Promise<TaskStarted> {
    const preview = async (trx: Kysely<DB>, taskId: string) => {
      await this.proposals.insertPending(
        { taskId, source: 'preview', absence: null, algorithm, createdBy: user.id },
        trx,
      );
    };
    const task = {
      type: 'optimization' as const,
      name: `${apply ? 'Optimization' : 'Preview'} (${labelOf(algorithm)})`,
      algorithm,
      algorithms: null,
      createdBy: user.id,
      weights: await this.settings.getWeights(),
      seed: randomInt(1, 2 ** 31 - 1),
      timeLimitMs: this.taskSettings.optimizeTimeLimitMs,
      maxIterations: maxIterations ?? null,
      scope,
      total: 100,
    };
    return this.tasks.create(task, apply ? undefined : preview);
  }
}
