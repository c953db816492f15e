import type { Role } from '@meridian/domain';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import './fastify-types';
import type { AuthUser } from './fastify-types';
import { forbidden, unauthorized } from './http-error';
import { markRoles } from './openapi-contract';

/** Resolves an Authorization header to the current user, or null when it proves nobody. */
export type BearerResolver = (header: string | undefined) => Promise<AuthUser | null>;

/**
 * Default deny: every /api/v1 route needs a valid token unless its config says
 * public. Runs at onRequest, before the body is parsed or validated.
 */
export function installAuthentication(app: FastifyInstance, resolveUser: BearerResolver): void {
  app.decorateRequest('user', null);
  app.decorateRequest('reauthenticate', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // Judge the matched route pattern, not the raw URL, so path tricks cannot dodge the check.
    const route = request.routeOptions.url;
    // Unmatched paths fall through to the JSON 404 handler.
    if (route === undefined || request.is404 || !route.startsWith('/api/v1/')) return;
    if (request.routeOptions.config.public === true) return;
    const user = await resolveUser(request.headers.authorization);
    if (user === null) throw unauthorized('Not authenticated');
    request.user = user;
    const header = request.headers.authorization;
    request.reauthenticate = () => resolveUser(header);
  });
}

/** Route guard: `onRequest: requireRole('admin', 'manager')`; 403 {detail} for any other role. */
export function requireRole(...roles: Role[]): onRequestHookHandler {
  const allowed = new Set<Role>(roles);
  return markRoles(
    function guard(request, _reply, done) {
      if (request.user === null) {
        done(unauthorized());
        return;
      }
      if (!allowed.has(request.user.role)) {
        done(forbidden(`This action needs the ${roles.join(' or ')} role`));
        return;
      }
      done();
    } satisfies onRequestHookHandler,
    roles,
  );
}

/** Route guard for routes any signed-in role may use (documents intent in the route table). */
export const requireSignedIn = (): onRequestHookHandler =>
  requireRole('regular', 'manager', 'admin');
