import {
  ApproveRequestSchema,
  DeclineRequestSchema,
  ErrorBodySchema,
  LeaveRequestSchema,
  MyLeaveRequestsSchema,
  NewLeaveRequestSchema,
  RequestDecisionSchema,
  RequestIdParamsSchema,
  RequestImpactSchema,
  RequestInboxSchema,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole, requireSignedIn } from '../http/authenticate';
import type { LeaveRequestsService } from './leave-requests.service';
import type { RequestDecisions } from './request-decisions.service';
import type { RequestImpactReader } from './request-impact';

/** The error answers every route here may give besides its own (no token, a bad one). */
const signedInErrors = { 400: ErrorBodySchema, 401: ErrorBodySchema };
const managerErrors = { ...signedInErrors, 403: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * Leave requests (docs/ARCHITECTURE.md): a linked physicist asks for days off
 * and may withdraw a pending request; managers see every request in one inbox
 * with its impact, and approve (recording the leave and preparing a repair as a
 * what-if proposal) or decline it. The asker is told of the decision.
 */
export const leaveRequestsRoutes: FastifyPluginCallbackZod<{
  leave: LeaveRequestsService;
  decisions: RequestDecisions;
  impact: RequestImpactReader;
}> = (app, { leave, decisions, impact }, done) => {
  const signedIn = requireSignedIn();
  const managers = requireRole('admin', 'manager');
  const tags = ['requests'];

  app.get(
    '/api/v1/me/leave-requests',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: "The signed-in user's own leave requests, newest first",
        response: { 200: MyLeaveRequestsSchema, 401: ErrorBodySchema },
      },
    },
    (request) => leave.mine(request.user!),
  );

  app.post(
    '/api/v1/me/leave-requests',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'Ask for leave start..end (inclusive) with a note; 409 when the account is not linked to a physicist or already asked for some of these days',
        body: NewLeaveRequestSchema,
        response: { 201: LeaveRequestSchema, ...signedInErrors, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await leave.ask(request.user!, request.body)),
  );

  app.post(
    '/api/v1/me/leave-requests/:id/withdraw',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          "Withdraw one's own pending leave request (404 for anyone else's, 409 once decided)",
        params: RequestIdParamsSchema,
        response: {
          200: LeaveRequestSchema,
          ...signedInErrors,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    (request) => leave.withdraw(request.user!, request.params.id),
  );

  app.get(
    '/api/v1/requests',
    {
      onRequest: managers,
      schema: {
        tags,
        summary:
          'Every request (kind leave, or swap: an accepted offer), pending first (oldest first), then the latest decided ones; with the pending count',
        response: { 200: RequestInboxSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    () => decisions.inbox(),
  );

  app.get(
    '/api/v1/requests/:id/impact',
    {
      onRequest: managers,
      schema: {
        tags,
        summary:
          "What deciding the request would do to the plan, by `kind`. Leave: the physicist's jobs not yet over that the dates hit, and who could cover each slot. Swap: which slot of which job moves from whom to whom, F's change measured when accepted, and while it waits, read now: whether every hard rule still holds (the conflict named) and F's change now. 404 for an unknown id or an offer nobody has accepted",
        params: RequestIdParamsSchema,
        response: { 200: RequestImpactSchema, ...managerErrors },
      },
    },
    (request) => impact.impact(request.params.id),
  );

  app.post(
    '/api/v1/requests/:id/approve',
    {
      onRequest: managers,
      schema: {
        tags,
        summary:
          "Approve a pending request. Leave: records the leave, tells the physicist and queues a what-if whose proposal repairs the plan (its task and proposal in `request.repair`); 429 while the caller's previous what-if still works. Swap: checks every hard rule again, gives the slot to the taker, locked, as a recorded run (`request.run_id`), and tells both physicists and the managers; 409 naming the rule it would now break. 409 once decided",
        params: RequestIdParamsSchema,
        body: ApproveRequestSchema,
        response: {
          200: RequestDecisionSchema,
          ...managerErrors,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
          503: ErrorBodySchema,
        },
      },
    },
    (request) => decisions.approve(request.params.id, request.body.reason, request.user!),
  );

  app.post(
    '/api/v1/requests/:id/decline',
    {
      onRequest: managers,
      schema: {
        tags,
        summary:
          'Decline a pending request (leave or swap) with a reason the physicists are told; 409 once decided',
        params: RequestIdParamsSchema,
        body: DeclineRequestSchema,
        response: { 200: RequestDecisionSchema, ...managerErrors, 409: ErrorBodySchema },
      },
    },
    (request) => decisions.decline(request.params.id, request.body.reason, request.user!),
  );

  done();
};
