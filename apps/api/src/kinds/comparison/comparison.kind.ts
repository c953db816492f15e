import {
  CompareQuerySchema,
  CompareStreamMessageSchema,
  MessageSchema,
  TaskIdParamsSchema,
  TaskStartedSchema,
  type CompareStreamMessage,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../http/authenticate';
import { tooManyRequests } from '../../http/http-error';
import { perUserRateLimit } from '../../http/rate-limit';
import { TASK_START_ANSWERS } from '../../http/openapi-contract';
import type { RequestDeps, TaskKindModule, WorkerDeps } from '../kind-module';
import { ComparisonRequests } from './comparison-requests.service';
import { ComparisonRun, type Compared } from './comparison-run';

/**
 * Algorithm comparison: several algorithms on the same schedule, reported
 * side by side and never written. Any signed-in role may start one; it
 * changes nothing, so it is its owner's business (and managers' by id).
 */
export const comparisonKind: TaskKindModule<'comparison', Compared> = {
  type: 'comparison',
  queue: 'compare',
  busy: () =>
    tooManyRequests('You already have a comparison running; wait for it to finish or cancel it'),
  audience: 'owner',
  mayStart: ['regular', 'manager', 'admin'],
  request: CompareQuerySchema,
  stream: CompareStreamMessageSchema,
  queuedEvent: (task, message) =>
    ({
      type: 'update',
      status: message,
      progress: 0,
      total: task.total,
      results: {},
      estimated_total_time: null,
    }) satisfies CompareStreamMessage,
  worker: ({ db, builder, log }: Pick<WorkerDeps, 'db' | 'builder' | 'log'>) => {
    const comparison = new ComparisonRun(db, builder, log);
    return {
      run: (task, ctx) => comparison.run(task, ctx),
      apply: (_trx, task, results) => Promise.resolve(comparison.outcome(task, results)),
    };
  },
  routes: (
    deps: Pick<RequestDeps, 'tasks' | 'settings' | 'taskSettings' | 'streams' | 'maxPerMinute'>,
  ) => comparisonRoutes(new ComparisonRequests(deps.tasks, deps.settings, deps.taskSettings), deps),
};

/** Start, follow as Server-Sent Events and cancel a comparison; any signed-in role. */
const comparisonRoutes =
  (
    comparisons: ComparisonRequests,
    { tasks, streams, maxPerMinute }: Pick<RequestDeps, 'tasks' | 'streams' | 'maxPerMinute'>,
  ): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const anyone = requireRole(...comparisonKind.mayStart);
    const tags = ['analytics'];
    app.post(
      '/api/v1/analytics/compare_algorithms',
      {
        onRequest: anyone,
        config: {
          rateLimit: perUserRateLimit(maxPerMinute, 'comparison starts'),
          answers: TASK_START_ANSWERS,
        },
        schema: {
          tags,
          summary: 'Start a comparison of algorithms (never changes assignments); one per user',
          querystring: CompareQuerySchema,
          response: { 202: TaskStartedSchema },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await comparisons.start(request.user!, request.query.algorithms)),
    );
    app.get(
      '/api/v1/analytics/compare_stream/:id',
      {
        config: { loadClass: 'streams' },
        onRequest: anyone,
        sse: 'only',
        schema: {
          tags,
          summary:
            'Comparison progress as Server-Sent Events (resume with Last-Event-ID; 204 when the client already has the final event)',
          params: TaskIdParamsSchema,
        },
      },
      async (request, reply) => {
        await streams.serve(request, reply, request.params.id, request.user!, 'comparison');
      },
    );
    app.delete(
      '/api/v1/analytics/compare/:id',
      {
        onRequest: anyone,
        schema: { tags, params: TaskIdParamsSchema, response: { 200: MessageSchema } },
      },
      (request) => tasks.cancel(request.params.id, request.user!, 'comparison'),
    );
    done();
  };
