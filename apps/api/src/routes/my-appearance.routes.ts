import { ErrorBodySchema, MyAppearanceSchema, MyAppearanceUpdateSchema } from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireSignedIn } from '../http/authenticate';
import type { UserAppearanceService } from '../services/user-appearance.service';

/** The error answers an operation documents, each a {detail} body. */
const errors = (...codes: (400 | 401 | 415 | 500)[]) =>
  Object.fromEntries(codes.map((code) => [code, ErrorBodySchema]));

/** GET/PUT /api/v1/me/appearance: the signed-in user's own theme choice. */
export const myAppearanceRoutes: FastifyPluginCallbackZod<{
  appearance: UserAppearanceService;
}> = (app, { appearance }, done) => {
  app.get(
    '/api/v1/me/appearance',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: ['me'],
        summary:
          "Your theme choice (the organisation's theme, your device's light or dark setting, or a theme by name) and the organisation's theme",
        response: { 200: MyAppearanceSchema, ...errors(401, 500) },
      },
    },
    (request) => appearance.get(request.user!.id),
  );

  app.put(
    '/api/v1/me/appearance',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: ['me'],
        summary: 'Choose your own theme; it follows you to every device you sign in on',
        body: MyAppearanceUpdateSchema,
        response: { 200: MyAppearanceSchema, ...errors(400, 401, 415, 500) },
      },
    },
    (request) => appearance.put(request.user!.id, request.body),
  );
  done();
};
