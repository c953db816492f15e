import { solve } from '@meridian/optimizer';
import type { AlgorithmKey } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { TaskSettings } from '../config/task-settings';
import type { DB } from '../db/schema';
import type { AuthUser } from '../http/fastify-types';
import { PerUserGate } from '../http/per-user-gate';
import { algorithmResult, failedResult, workloadOf } from './algorithm-result';
import type { InstanceBuilder } from './instance-builder';
import type { SettingsService } from './settings.service';
import { INTERNAL_ALGORITHM_ERROR } from '../tasks/task-failure';
import type { TaskLog } from '../tasks/task-runner';

/** Single algorithm runs of the analytics page: answered in the request, nothing stored. */
export class SingleRuns {
  private readonly gate = new PerUserGate(
    'You already have an analysis running; wait for it to finish',
  );

  constructor(
    private readonly db: Kysely<DB>,
    private readonly builder: InstanceBuilder,
    private readonly settings: SettingsService,
    private readonly taskSettings: TaskSettings,
  ) {}

  /**
   * One algorithm with a short time limit, answered in the request: the
   * workload map of its solution and its result. One at a time per user.
   * `signal` (the client went away) stops the solver: it runs in this process,
   * not on a queue worker, so nothing else would.
   */
  async runSingle(
    user: AuthUser,
    algorithm: AlgorithmKey,
    signal?: AbortSignal,
    log?: Pick<TaskLog, 'error'>,
  ) {
    return this.gate.run(user.id, async () => {
      const { instance } = await this.builder.build(this.db, await this.settings.getWeights());
      try {
        const result = await solve(
          instance,
          { algorithm, timeLimitMs: this.taskSettings.singleRunTimeLimitMs, seed: 1 },
          signal === undefined ? {} : { signal },
        );
        return {
          workload: workloadOf(instance, result),
          results: { [algorithm]: algorithmResult(instance, result) },
        };
      } catch (error) {
        // The answer carries a plain sentence; the internal text goes to the log.
        log?.error({ err: error, algorithm }, 'single algorithm run failed');
        return {
          workload: {},
          results: { [algorithm]: failedResult(algorithm, INTERNAL_ALGORITHM_ERROR) },
        };
      }
    });
  }
}
