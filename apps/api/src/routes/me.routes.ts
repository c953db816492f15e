import {
  ChangePasswordRequestSchema,
  CurrentUserSchema,
  ErrorBodySchema,
  TokenResponseSchema,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../http/http-error';
import { canEditKits } from '../http/kit-editor-guard';
import { requireSignedIn } from '../http/authenticate';
import type { AuthService } from '../services/auth.service';

/** Options of the own-account routes: the configured kit editors (KIT_EDITOR_USERNAMES) and auth. */
export interface MeRoutesOptions {
  kitEditors: readonly string[];
  auth: AuthService;
}

/**
 * GET /api/v1/auth/me: the signed-in account and its capabilities. The token
 * carries the role, but not whether its holder is a kit editor (that is server
 * configuration), so the screens ask here instead of offering an edit the
 * server would refuse.
 */
export const meRoutes: FastifyPluginCallbackZod<MeRoutesOptions> = (
  app,
  { kitEditors, auth },
  done,
) => {
  app.get(
    '/api/v1/auth/me',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user: username, role and whether they may edit and assign kits',
        response: { 200: CurrentUserSchema },
      },
    },
    (request) => {
      // requireSignedIn has run, so this only guards the type.
      const user = request.user;
      if (user === null) throw unauthorized();
      return {
        username: user.username,
        role: user.role,
        can_edit_kits: canEditKits(user, kitEditors),
      };
    },
  );

  app.put(
    '/api/v1/me/password',
    {
      onRequest: requireSignedIn(),
      // The sign-in form's bound: two passwords of at most 1,024 bytes and their names.
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['auth'],
        summary:
          'Change your own password: every other session and the calendar feed end; the answer is a fresh token for this one',
        body: ChangePasswordRequestSchema,
        response: {
          200: TokenResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const user = request.user;
      if (user === null) throw unauthorized();
      const { token } = await auth.changePassword(user, request.body, request.ip);
      return {
        access_token: token,
        token_type: 'bearer' as const,
        password_change_required: false,
      };
    },
  );
  done();
};
