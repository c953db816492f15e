import {
  RunSingleRequestSchema,
  RunSingleResponseSchema,
  type RunSingleResponse,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../http/authenticate';
import { tooManyRequests } from '../../http/http-error';
import { perUserRateLimit } from '../../http/rate-limit';
import { TASK_START_ANSWERS } from '../../http/openapi-contract';
import type { RequestDeps, TaskKindModule, WorkerDeps } from '../kind-module';
import { SingleRunRequests } from './single-run-requests.service';
import { SingleRun } from './single-run';

/**
 * A single algorithm run: one algorithm briefly, answered in the request that
 * queued it (no stream, not in the task panel). Any signed-in role; it
 * changes nothing, so it is its owner's business (and managers' by id).
 */
export const singleRunKind: TaskKindModule<'single_run', RunSingleResponse> = {
  type: 'single_run',
  queue: 'single-run',
  busy: () => tooManyRequests('You already have an analysis running; wait for it to finish'),
  audience: 'owner',
  mayStart: ['regular', 'manager', 'admin'],
  request: RunSingleRequestSchema,
  stream: null,
  queuedEvent: null,
  worker: ({ db, builder, log }: Pick<WorkerDeps, 'db' | 'builder' | 'log'>) => {
    const single = new SingleRun(db, builder, log);
    return {
      run: (task, ctx) => single.run(task, ctx),
      apply: (_trx, task, answer) => Promise.resolve(single.outcome(task, answer)),
    };
  },
  routes: (deps: Pick<RequestDeps, 'awaited' | 'settings' | 'taskSettings' | 'maxPerMinute'>) =>
    singleRunRoutes(new SingleRunRequests(deps.awaited, deps.settings, deps.taskSettings), deps),
};

/** POST /analytics/run_single_algorithm, answered when a worker has run it. */
const singleRunRoutes =
  (
    singleRuns: SingleRunRequests,
    { maxPerMinute }: Pick<RequestDeps, 'maxPerMinute'>,
  ): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    app.post(
      '/api/v1/analytics/run_single_algorithm',
      {
        onRequest: requireRole(...singleRunKind.mayStart),
        config: {
          rateLimit: perUserRateLimit(maxPerMinute, 'single algorithm runs'),
          answers: TASK_START_ANSWERS,
        },
        schema: {
          tags: ['analytics'],
          summary:
            'Run one algorithm briefly on a worker and answer its workload and result (the schedule is not changed)',
          body: RunSingleRequestSchema,
          response: { 200: RunSingleResponseSchema },
        },
      },
      (request, reply) => {
        // A client that goes away before the answer must not leave a solver running.
        const disconnected = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableEnded) disconnected.abort();
        });
        return singleRuns.runSingle(request.user!, request.body.algorithm, disconnected.signal);
      },
    );
    done();
  };
