import {
  ErrorBodySchema,
  MyOffersSchema,
  NewOfferSchema,
  OfferAcceptedSchema,
  OfferSchema,
  RowIdParamsSchema,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../http/authenticate';
import type { OffersService } from './offers.service';

/** The error answers every route here may give besides its own (no token, a bad one). */
const signedInErrors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

/**
 * Swaps and covers (docs/ARCHITECTURE.md): a linked physicist offers one of
 * their future slots, sees their own offers and those made to them, withdraws,
 * and accepts one made to them. Managers decide accepted offers in the requests
 * inbox (leave-requests.routes.ts, kind `swap`).
 */
export const offersRoutes: FastifyPluginCallbackZod<{ offers: OffersService }> = (
  app,
  { offers },
  done,
) => {
  const signedIn = requireSignedIn();
  const tags = ['requests'];

  app.get(
    '/api/v1/me/offers',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          "The signed-in user's own offers (with every candidate) and the open or decided offers made to them (with their own line), newest first",
        response: { 200: MyOffersSchema, 401: ErrorBodySchema },
      },
    },
    (request) => offers.mine(request.user!),
  );

  app.post(
    '/api/v1/me/offers',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          "Offer one of one's own slots (lead or data_acq) of a job not yet started; the colleagues who could take it under every hard rule are ranked by the change of F and told. 404 for an unknown job; 409 when the account is not linked, the slot is not theirs, the job has started or the slot is already offered",
        body: NewOfferSchema,
        response: {
          201: OfferSchema,
          ...signedInErrors,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await offers.offer(request.user!, request.body)),
  );

  app.post(
    '/api/v1/me/offers/:id/withdraw',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          "Withdraw one's own offer not yet decided (404 for anyone else's, 409 once decided)",
        params: RowIdParamsSchema,
        response: {
          200: OfferSchema,
          ...signedInErrors,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    (request) => offers.withdraw(request.user!, request.params.id),
  );

  app.post(
    '/api/v1/offers/:id/accept',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'Accept an open offer made to the signed-in physicist; every hard rule is checked again (409 naming the conflict). The swap then waits for a manager in /requests, or is approved at once when automatic approval allows it. 404 when it was not offered to them',
        params: RowIdParamsSchema,
        response: {
          200: OfferAcceptedSchema,
          ...signedInErrors,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
        },
      },
    },
    (request) => offers.accept(request.user!, request.params.id),
  );

  done();
};
