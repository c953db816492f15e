import {
  ErrorBodySchema,
  PreferencesListSchema,
  PreferencesSchema,
  PreferencesUpdateSchema,
  RowIdParamsSchema,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole, requireSignedIn } from '../http/authenticate';
import type { PreferencesService } from '../services/preferences.service';

/** The days physicists would rather not work: their own, and the managers' view. */
export const preferencesRoutes: FastifyPluginCallbackZod<{ preferences: PreferencesService }> = (
  app,
  { preferences },
  done,
) => {
  const tags = ['me'];
  const managers = requireRole('admin', 'manager');
  const signedIn = requireSignedIn();
  const error = ErrorBodySchema;

  app.get(
    '/api/v1/me/preferences',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          "The dates and weekdays the signed-in user's physicist would rather not work; 409 when the account is not linked",
        response: { 200: PreferencesSchema, 401: error, 409: error },
      },
    },
    (request) => preferences.forUser(request.user!.id),
  );

  app.put(
    '/api/v1/me/preferences',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary:
          'Replace them (soft: the optimiser pays the preference weight per job day on one). Duplicates are dropped; at most 366 dates; weekdays 1 (Monday) to 7 (Sunday)',
        body: PreferencesUpdateSchema,
        response: { 200: PreferencesSchema, 400: error, 401: error, 409: error },
      },
    },
    (request) => preferences.replaceForUser(request.user!.id, request.body),
  );

  app.get(
    '/api/v1/preferences',
    {
      onRequest: managers,
      schema: {
        tags: ['roster'],
        summary: 'Every physicist who stated preferences, with them (admin, manager)',
        response: { 200: PreferencesListSchema, 401: error, 403: error },
      },
    },
    () => preferences.list(),
  );

  app.get(
    '/api/v1/physicists/:id/preferences',
    {
      onRequest: managers,
      schema: {
        tags: ['roster'],
        summary:
          "One physicist's preferences (admin, manager); 404 when there is no such physicist",
        params: RowIdParamsSchema,
        response: { 200: PreferencesSchema, 400: error, 401: error, 403: error, 404: error },
      },
    },
    (request) => preferences.forPhysicist(request.params.id),
  );
  done();
};
