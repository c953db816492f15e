import {
  AppliedProposalSchema,
  ProposalIdParamsSchema,
  ProposalSchema,
  TaskIdParamsSchema,
  TaskStartedSchema,
  WhatIfRequestSchema,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole, requireSignedIn } from '../http/authenticate';
import { perUserRateLimit } from '../http/rate-limit';
import type { ProposalsService } from '../plan-history/proposals.service';
import type { WhatIfRequests } from '../kinds/what-if/what-if-requests.service';
import type { TaskStreams } from '../tasks/task-stream';

/** What-if drills (admin, manager) and the proposals they and preview runs make. */
export const whatIfRoutes: FastifyPluginCallbackZod<{
  whatIf: WhatIfRequests;
  proposals: ProposalsService;
  streams: TaskStreams;
  /** Starts per minute per user. */
  maxPerMinute: number;
}> = (app, { whatIf, proposals, streams, maxPerMinute }, done) => {
  const tags = ['what-if'];
  const managers = requireRole('admin', 'manager');
  app.post(
    '/api/v1/optimize/what-if',
    {
      onRequest: managers,
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
  app.get(
    '/api/v1/proposals/:id',
    {
      onRequest: managers,
      schema: {
        tags,
        summary: "A proposal: changed slots, F's parts before and after, unfilled slots",
        params: ProposalIdParamsSchema,
        response: { 200: ProposalSchema },
      },
    },
    async (request) => proposals.get(request.params.id),
  );
  app.post(
    '/api/v1/proposals/:id/apply',
    {
      onRequest: managers,
      schema: {
        tags,
        summary:
          "Apply a proposal in one transaction, recorded as a run (409 if the plan changed since it was made); a physicist's what-if also records their leave",
        params: ProposalIdParamsSchema,
        response: { 200: AppliedProposalSchema },
      },
    },
    async (request) => proposals.apply(request.params.id, request.user!),
  );
  app.delete(
    '/api/v1/proposals/:id',
    {
      onRequest: managers,
      schema: { tags, summary: 'Discard a proposal', params: ProposalIdParamsSchema },
    },
    async (request, reply) => {
      await proposals.discard(request.params.id);
      return reply.code(204).send();
    },
  );
  done();
};
