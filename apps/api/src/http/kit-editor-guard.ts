import type { onRequestHookHandler } from 'fastify';
import './fastify-types';
import type { AuthUser } from './fastify-types';
import { forbidden, unauthorized } from './http-error';
import { markRoles } from './openapi-contract';

/**
 * Whether a user may edit kits and assign them by hand: admins, managers and
 * the regular users named in KIT_EDITOR_USERNAMES (case-insensitive). The one
 * rule behind both the kit routes' guard and GET /auth/me's can_edit_kits.
 */
export function canEditKits(user: AuthUser, usernames: readonly string[]): boolean {
  if (user.role === 'admin' || user.role === 'manager') return true;
  const name = user.username.toLowerCase();
  return usernames.some((allowed) => allowed.toLowerCase() === name);
}

/**
 * Kit editing and kit assignment: admins, managers, and the regular users named
 * in KIT_EDITOR_USERNAMES.
 * The role comes from the database on every request, never from the token alone.
 */
export function requireKitEditor(usernames: readonly string[]): onRequestHookHandler {
  // Regular users other than the named editors meet 403.
  return markRoles(
    function guard(request, _reply, done) {
      const user = request.user;
      if (user === null) {
        done(unauthorized());
        return;
      }
      if (canEditKits(user, usernames)) {
        done();
        return;
      }
      done(forbidden('Editing kits needs the manager or admin role, or a kit editor account'));
    } satisfies onRequestHookHandler,
    'some',
  );
}
