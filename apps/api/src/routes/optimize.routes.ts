import { OptimizeQuerySchema, TaskIdParamsSchema, TaskStartedSchema } from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole, requireSignedIn } from '../http/authenticate';
import { perUserRateLimit } from '../http/rate-limit';
import type { OptimizationRequests } from '../kinds/optimization/optimization-requests.service';
import type { TaskStreams } from '../tasks/task-stream';

/** Optimisation runs: start (admin, manager) and follow as Server-Sent Events (any signed-in role). */
export const optimizeRoutes: FastifyPluginCallbackZod<{
  optimization: OptimizationRequests;
  streams: TaskStreams;
  /** Starts per minute per user. */
  maxPerMinute: number;
}> = (app, { optimization, streams, maxPerMinute }, done) => {
  const tags = ['optimize'];
  app.post(
    '/api/v1/optimize/assign',
    {
      onRequest: requireRole('admin', 'manager'),
      config: {
        rateLimit: perUserRateLimit(maxPerMinute, 'optimisation starts'),
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
