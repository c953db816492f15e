import {
  ReplayResultSchema,
  RestoreBodySchema,
  RestoreRefusedSchema,
  RestoreResultSchema,
  RunDetailSchema,
  RunIdParamsSchema,
  RunListQuerySchema,
  RunListSchema,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole, requireSignedIn } from '../http/authenticate';
import { perUserRateLimit } from '../http/rate-limit';
import { TASK_START_ANSWERS } from '../http/openapi-contract';
import type { PlanHistory } from './plan-history.service';
import type { RunReplay } from './run-replay.service';

/**
 * The plan history: the recorded runs and what each changed (any signed-in
 * role), undo (restore) and replay (admin, manager).
 */
export const planHistoryRoutes: FastifyPluginCallbackZod<{
  history: PlanHistory;
  replay: RunReplay;
  /** Replays per minute per user. */
  maxPerMinute: number;
}> = (app, { history, replay, maxPerMinute }, done) => {
  const tags = ['runs'];
  app.get(
    '/api/v1/runs',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags,
        summary: 'Recorded runs (optimisations, kit assignments, restores), newest first',
        querystring: RunListQuerySchema,
        response: { 200: RunListSchema },
      },
    },
    async (request) => history.list(request.query.limit),
  );
  app.get(
    '/api/v1/runs/:id',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags,
        summary: 'One recorded run with every slot it changed',
        params: RunIdParamsSchema,
        response: { 200: RunDetailSchema },
      },
    },
    async (request) => history.get(request.params.id),
  );
  app.post(
    '/api/v1/runs/:id/restore',
    {
      onRequest: requireRole('admin', 'manager'),
      schema: {
        tags,
        summary:
          'Put back the slots a run changed as they were before it, in one transaction (409 naming the slots changed since, unless force)',
        params: RunIdParamsSchema,
        body: RestoreBodySchema,
        response: { 200: RestoreResultSchema, 409: RestoreRefusedSchema },
      },
    },
    async (request, reply) => {
      const outcome = await history.restore(request.params.id, request.body.force, request.user!);
      if (outcome.kind === 'conflict') {
        return reply.code(409).send({ detail: outcome.detail, conflicts: outcome.conflicts });
      }
      return { message: outcome.message, run: outcome.run };
    },
  );
  app.post(
    '/api/v1/runs/:id/replay',
    {
      onRequest: requireRole('admin', 'manager'),
      config: { rateLimit: perUserRateLimit(maxPerMinute, 'replays'), answers: TASK_START_ANSWERS },
      schema: {
        tags,
        summary:
          'Rerun an optimisation or applied preview (seed, weights, iteration counts) or an applied what-if (its repair on the recorded plan before) and say whether it reproduces F',
        params: RunIdParamsSchema,
        response: { 200: ReplayResultSchema },
      },
    },
    async (request) => replay.replay(request.params.id),
  );
  done();
};
