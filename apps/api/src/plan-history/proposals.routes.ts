import {
  AppliedProposalSchema,
  NoContentSchema,
  ProposalIdParamsSchema,
  ProposalSchema,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole } from '../http/authenticate';
import type { ProposalsService } from './proposals.service';

/**
 * Proposals (admin, manager): a what-if's or preview run's change to the plan
 * that nobody has applied yet; read it, apply it (recorded as a run in the
 * plan history) or discard it. Tagged with the what-ifs that make most of them.
 */
export const proposalsRoutes: FastifyPluginCallbackZod<{ proposals: ProposalsService }> = (
  app,
  { proposals },
  done,
) => {
  const tags = ['what-if'];
  const managers = requireRole('admin', 'manager');
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
      // A proposal not ready, already applied or discarded, or stale.
      config: { answers: [409] },
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
      schema: {
        tags,
        summary: 'Discard a proposal',
        params: ProposalIdParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await proposals.discard(request.params.id);
      return reply.code(204).send(null);
    },
  );
  done();
};
