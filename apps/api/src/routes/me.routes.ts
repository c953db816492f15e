import {
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  CurrentUserSchema,
  EmailChangedSchema,
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
 * GET /api/v1/auth/me: the signed-in account and its capabilities; the
 * account's own password and e-mail changes (PUT /me/password, /me/email). The token
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
        summary:
          'The signed-in user: username, e-mail, role and whether they may edit and assign kits',
        response: { 200: CurrentUserSchema },
      },
    },
    async (request) => {
      // requireSignedIn has run, so this only guards the type.
      const user = request.user;
      if (user === null) throw unauthorized();
      return {
        username: user.username,
        email: await auth.emailOf(user),
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

  app.put(
    '/api/v1/me/email',
    {
      onRequest: requireSignedIn(),
      // The password route's bound: a password of at most 1,024 bytes and an address.
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['auth'],
        summary:
          'Change your own e-mail address, proven by your current password (a wrong one counts as a failed sign-in: 403, then 429). The old address is told by mail; notices go to the new one from then on. 400 naming the problem with the address or when it is already yours; 409 when another account has it',
        body: ChangeEmailRequestSchema,
        response: {
          200: EmailChangedSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const user = request.user;
      if (user === null) throw unauthorized();
      const { email } = await auth.changeEmail(user, request.body, request.ip);
      return {
        email,
        message: `Your e-mail is now ${email}. Your old address was told of the change.`,
      };
    },
  );
  done();
};
