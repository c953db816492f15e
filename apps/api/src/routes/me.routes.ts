import { CurrentUserSchema } from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../http/http-error';
import { canEditKits } from '../http/kit-editor-guard';
import { requireSignedIn } from '../http/authenticate';

/** Options of GET /auth/me: the configured kit editors (KIT_EDITOR_USERNAMES). */
export interface MeRoutesOptions {
  kitEditors: readonly string[];
}

/**
 * GET /api/v1/auth/me: the signed-in account and its capabilities. The token
 * carries the role, but not whether its holder is a kit editor (that is server
 * configuration), so the screens ask here instead of offering an edit the
 * server would refuse.
 */
export const meRoutes: FastifyPluginCallbackZod<MeRoutesOptions> = (app, { kitEditors }, done) => {
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
  done();
};
