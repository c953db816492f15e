import {
  OptimizeQuerySchema,
  OptimizeStreamMessageSchema,
  TaskIdParamsSchema,
  TaskStartedSchema,
  type OptimizeStreamMessage,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole, requireSignedIn } from '../../http/authenticate';
import { tooManyRequests } from '../../http/http-error';
import { perUserRateLimit } from '../../http/rate-limit';
import { TASK_START_ANSWERS } from '../../http/openapi-contract';
import type { RequestDeps, TaskKindModule, WorkerDeps } from '../kind-module';
import { OptimizationApply } from './optimization-apply';
import { OptimizationRequests } from './optimization-requests.service';
import { OptimizationRun, type Solved } from './optimization-run';

type Deps = Pick<
  WorkerDeps,
  'db' | 'builder' | 'jobs' | 'recorder' | 'proposals' | 'changeNotices'
>;

/**
 * Optimisation: a solver run over the whole schedule that writes its plan
 * (or, with apply=false, a preview's proposal). Started by admins and
 * managers, followed by everyone, since it changes everyone's schedule.
 */
export const optimizationKind: TaskKindModule<'optimization', Solved> = {
  type: 'optimization',
  queue: 'optimize',
  busy: () =>
    tooManyRequests(
      'You already have an optimisation queued or running; wait for it to finish or cancel it',
    ),
  audience: 'everyone',
  mayStart: ['admin', 'manager'],
  request: OptimizeQuerySchema,
  stream: OptimizeStreamMessageSchema,
  queuedEvent: (task, message) =>
    ({
      type: 'progress',
      progress: 0,
      message,
      estimated_total_time: task.timeLimitMs / 1000,
      elapsed_time: 0,
    }) satisfies OptimizeStreamMessage,
  worker: ({ db, builder, jobs, recorder, proposals, changeNotices }: Deps) => {
    const run = new OptimizationRun(db, builder, proposals);
    const apply = new OptimizationApply(builder, jobs, recorder, proposals, changeNotices);
    return {
      run: (task, ctx) => run.run(task, ctx),
      apply: (trx, task, solved) => apply.apply(trx, task, solved),
    };
  },
  routes: (
    deps: Pick<
      RequestDeps,
      'tasks' | 'settings' | 'taskSettings' | 'proposals' | 'streams' | 'maxPerMinute'
    >,
  ) =>
    optimizationRoutes(
      new OptimizationRequests(deps.tasks, deps.settings, deps.taskSettings, deps.proposals),
      deps,
    ),
};

/** Start (admin, manager) and follow as Server-Sent Events (any signed-in role). */
const optimizationRoutes =
  (
    optimization: OptimizationRequests,
    { streams, maxPerMinute }: Pick<RequestDeps, 'streams' | 'maxPerMinute'>,
  ): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const tags = ['optimize'];
    app.post(
      '/api/v1/optimize/assign',
      {
        onRequest: requireRole(...optimizationKind.mayStart),
        config: {
          rateLimit: perUserRateLimit(maxPerMinute, 'optimisation starts'),
          answers: TASK_START_ANSWERS,
        },
        schema: {
          tags,
          summary:
            'Queue an optimisation run; answers its task id at once (one queued or running per user); apply=false makes its result a proposal instead',
          querystring: OptimizeQuerySchema,
          response: { 202: TaskStartedSchema },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(
            await optimization.start(
              request.query.algorithm,
              request.user!,
              request.query.apply,
              request.query.max_iterations,
              request.query.scope,
            ),
          ),
    );
    app.get(
      '/api/v1/optimize/stream/:id',
      {
        config: { loadClass: 'streams' },
        onRequest: requireSignedIn(),
        sse: 'only',
        schema: {
          tags,
          summary:
            'Progress, completion or error of a run as Server-Sent Events (resume with Last-Event-ID; 204 when the client already has the final event)',
          params: TaskIdParamsSchema,
        },
      },
      async (request, reply) => {
        await streams.serve(request, reply, request.params.id, request.user!, 'optimization');
      },
    );
    done();
  };
