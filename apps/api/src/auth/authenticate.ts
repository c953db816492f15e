import type { Role } from '@meridian/domain';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import '../http/fastify-types';
import type { AuthUser } from '../http/fastify-types';
import { forbidden, unauthorized } from '../http/http-error';
import type { UsersRepository } from '../users/users.repository';
import type { TokenSigner } from './jwt';

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i;

/** Resolves a bearer token to the current user, or null: never trusts the token's role alone. */
export async function userFromToken(
  header: string | undefined,
  signer: TokenSigner,
  users: UsersRepository,
): Promise<AuthUser | null> {
  const match = header === undefined ? null : BEARER.exec(header.trim());
  if (match?.[1] === undefined) return null;
  const claims = await signer.verify(match[1]);
  if (claims === null) return null;
  const row = await users.findByUsername(claims.sub);
  // Deleted user, password reset or role change (token_version bump), or an edited role claim.
  if (row === undefined || row.token_version !== claims.ver || row.role !== claims.role)
    return null;
  return { id: row.id, username: row.username, role: row.role };
}

/**
 * Default deny: every /api/v1 route needs a valid token unless its config says
 * public. Runs at onRequest, before the body is parsed or validated.
 */
export function installAuthentication(
  app: FastifyInstance,
  signer: TokenSigner,
  users: UsersRepository,
): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // Judge the matched route pattern, not the raw URL, so path tricks cannot dodge the check.
    const route = request.routeOptions.url;
    // Unmatched paths fall through to the JSON 404 handler.
    if (route === undefined || request.is404 || !route.startsWith('/api/v1/')) return;
    if (request.routeOptions.config.public === true) return;
    const user = await userFromToken(request.headers.authorization, signer, users);
    if (user === null) throw unauthorized('Not authenticated');
    request.user = user;
  });
}

/** Route guard: `onRequest: requireRole('admin', 'manager')`; 403 {detail} for any other role. */
export function requireRole(...roles: Role[]): onRequestHookHandler {
  const allowed = new Set<Role>(roles);
  return function guard(request, _reply, done) {
    if (request.user === null) {
      done(unauthorized());
      return;
    }
    if (!allowed.has(request.user.role)) {
      done(forbidden(`This action needs the ${roles.join(' or ')} role`));
      return;
    }
    done();
  };
}

/** Route guard for routes any signed-in role may use (documents intent in the route table). */
export const requireSignedIn = (): onRequestHookHandler =>
  requireRole('regular', 'manager', 'admin');
