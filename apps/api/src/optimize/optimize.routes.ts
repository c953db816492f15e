import { OptimizeQuerySchema, TaskIdParamsSchema, TaskStartedSchema } from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole, requireSignedIn } from '../auth/authenticate';
import { perUserRateLimit } from '../http/rate-limit';
import { serveTaskStream } from '../tasks/task-stream';
import type { WorkServices } from '../tasks/work-services';

/** Optimisation runs: start (admin, manager) and follow as Server-Sent Events (any signed-in role). */
export const optimizeRoutes: FastifyPluginCallbackZod<{ work: WorkServices }> = (
  app,
  { work },
  done,
) => {
  const tags = ['optimize'];
  app.post(
    '/api/v1/optimize/assign',
    {
      onRequest: requireRole('admin', 'manager'),
      config: {
        rateLimit: perUserRateLimit(work.settings.taskRatePerMinute, 'optimisation starts'),
      },
      schema: {
        tags,
        summary:
          'Queue an optimisation run; answers its task id at once (one queued or running per user)',
        querystring: OptimizeQuerySchema,
        response: { 202: TaskStartedSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await work.optimize.start(request.query.algorithm, request.user!)),
  );
  app.get(
    '/api/v1/optimize/stream/:id',
    {
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
      const task = await work.tasks.visible(request.params.id, request.user!, 'optimization');
      await serveTaskStream(request, reply, task, work.repository, work.tasks.bus);
    },
  );
  done();
};
