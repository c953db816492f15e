import type { onRequestHookHandler } from 'fastify';
import '../http/fastify-types';
import { forbidden, unauthorized } from '../http/http-error';

/**
 * Kit editing and kit assignment: admins, managers, and the regular users named
 * in KIT_EDITOR_USERNAMES (spec section 5: "also allowed for the user {name}").
 * The role comes from the database on every request, never from the token alone.
 */
export function requireKitEditor(usernames: readonly string[]): onRequestHookHandler {
  const allowed = new Set(usernames.map((name) => name.toLowerCase()));
  return function guard(request, _reply, done) {
    const user = request.user;
    if (user === null) {
      done(unauthorized());
      return;
    }
    if (
      user.role === 'admin' ||
      user.role === 'manager' ||
      allowed.has(user.username.toLowerCase())
    ) {
      done();
      return;
    }
    done(forbidden('Editing kits needs the manager or admin role, or a kit editor account'));
  };
}
