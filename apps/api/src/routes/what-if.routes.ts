import { TaskIdParamsSchema, TaskStartedSchema, WhatIfRequestSchema } from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole, requireSignedIn } from '../http/authenticate';
import { perUserRateLimit } from '../http/rate-limit';
import type { WhatIfRequests } from '../kinds/what-if/what-if-requests.service';
import type { TaskStreams } from '../tasks/task-stream';

/** What-if drills: start (admin, manager) and follow (any signed-in role); their proposals are plan-history/proposals.routes.ts. */
export const whatIfRoutes: FastifyPluginCallbackZod<{
  whatIf: WhatIfRequests;
  streams: TaskStreams;
  /** Starts per minute per user. */
  maxPerMinute: number;
}> = (app, { whatIf, streams, maxPerMinute }, done) => {
  const tags = ['what-if'];
  app.post(
    '/api/v1/optimize/what-if',
    {
      onRequest: requireRole('admin', 'manager'),
      config: { rateLimit: perUserRateLimit(maxPerMinute, 'what-if starts') },
      schema: {
        tags,
        summary:
          'Queue a what-if: the smallest repair of the plan if a physicist or kit is out start..end; answers its task id',
        body: WhatIfRequestSchema,
        response: { 202: TaskStartedSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await whatIf.start(request.body, request.user!)),
  );
  app.get(
    '/api/v1/optimize/what-if/stream/:id',
    {
      config: { loadClass: 'streams' },
      onRequest: requireSignedIn(),
      sse: 'only',
      schema: {
        tags,
        summary: 'Progress and completion (with proposal_id) of a what-if as Server-Sent Events',
        params: TaskIdParamsSchema,
      },
    },
    async (request, reply) => {
      await streams.serve(request, reply, request.params.id, request.user!, 'what_if');
    },
  );
  done();
};
