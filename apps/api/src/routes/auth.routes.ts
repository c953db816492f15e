import {
  ErrorBodySchema,
  LogoutQuerySchema,
  NoContentSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  RegistrationStatusSchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from '@meridian/contracts';
import formbody from '@fastify/formbody';
import type { onRequestAsyncHookHandler, onSendAsyncHookHandler } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AuthService } from '../services/auth.service';
import { requireSignedIn } from '../http/authenticate';
import { HttpError, unauthorized } from '../http/http-error';

/** The answer to a sign-in or registration over the per-address cap (shared: it carries no per-request state). */
const RATE_LIMITED = new HttpError(429, 'Too many requests; try again later');

/** Options of the auth routes: services and the per-address request cap on these costly routes. */
export interface AuthRoutesOptions {
  auth: AuthService;
  maxPerMinute: number;
}

/** POST /api/v1/token, POST /api/v1/auth/register and GET /api/v1/auth/registration (public routes). */
export const authRoutes: FastifyPluginCallbackZod<AuthRoutesOptions> = (
  app,
  { auth, maxPerMinute },
  done,
) => {
  const rateLimit = {
    max: maxPerMinute,
    timeWindow: '1 minute',
    // One refusal built here for every capped request: the plugin's default builds a new
    // Error per refusal, and capturing its stack was 7% of the server's CPU under a
    // 200-connection sign-in flood, where nearly every answer is this 429
    // (docs/reliability-notes.md). Retry-After and the x-ratelimit headers are set by
    // the plugin before it throws; the body is the one the error handler gives any 429.
    errorResponseBuilder: () => RATE_LIMITED,
  };
  // A sign-in or registration form is well under 16 KiB; a larger body is refused (413) unread.
  const bodyLimit = 16 * 1024;

  // A locked address is refused from the headers, before its body is read or buffered; one locked
  // on another node less than UNLOCKED_TRUST_MS ago (security/login-throttle.ts) is refused by
  // login() instead, after its body of at most 16 KiB and before any password is checked.
  const lockedOut: onRequestAsyncHookHandler = async (request) => {
    const wait = await auth.signInRetryAfterSeconds(request.ip);
    if (wait === 0) return;
    throw new HttpError(429, `Too many failed sign-in attempts; try again in ${wait} s`, {
      'retry-after': String(wait),
    });
  };
  // Refused unread (too large, malformed, unsupported): still an attempt from that address.
  // Counted before the answer leaves (onSend, not onResponse), so the address's next request,
  // on any node, already finds it in the shared counters.
  const countRefused: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
    if ([400, 413, 415].includes(reply.statusCode)) await auth.recordRefusedSignIn(request.ip);
    return payload;
  };

  // The token endpoint takes the OAuth2 password form (RFC 6749 4.3.2) and nothing else: its
  // own scope parses form bodies and no JSON, so JSON is 415 here and forms are 415 on every
  // JSON route.
  const tokenScope: FastifyPluginCallbackZod = (scope, _options, registered) => {
    scope.removeContentTypeParser('application/json');
    void scope.register(formbody);
    scope.post(
      '/api/v1/token',
      {
        bodyLimit,
        onRequest: lockedOut,
        onSend: countRefused,
        // A wrong username or password is 401.
        config: { public: true, rateLimit, loadClass: 'sign-in', answers: [401] },
        schema: {
          tags: ['auth'],
          summary: 'Sign in (form-encoded username and password); returns a bearer token',
          consumes: ['application/x-www-form-urlencoded'],
          body: TokenRequestSchema,
          response: { 200: TokenResponseSchema },
        },
      },
      async (request) => {
        const { username, password } = request.body;
        const { token, passwordChangeRequired } = await auth.login(username, password, request.ip);
        return {
          access_token: token,
          token_type: 'bearer' as const,
          password_change_required: passwordChangeRequired,
        };
      },
    );
    registered();
  };
  void app.register(tokenScope);

  app.post(
    '/api/v1/auth/register',
    {
      bodyLimit,
      // 403 while REGISTRATION is closed or the address is outside its domains; 409 on a taken name.
      config: { public: true, rateLimit, loadClass: 'sign-in', answers: [403, 409] },
      schema: {
        tags: ['auth'],
        summary: 'Create a regular account (subject to REGISTRATION)',
        body: RegisterRequestSchema,
        response: { 201: RegisterResponseSchema },
      },
    },
    async (request, reply) => {
      const username = await auth.register(request.body);
      return reply.code(201).send({ username });
    },
  );
  app.post(
    '/api/v1/auth/logout',
    {
      onRequest: requireSignedIn(),
      schema: {
        tags: ['auth'],
        summary:
          'Sign out: this token answers 401 everywhere from now on (every API node); with everywhere=true, every session of the user ends',
        querystring: LogoutQuerySchema,
        response: { 204: NoContentSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      // Authentication has run; the claims name this token (its id and expiry).
      const session = await auth.sessionFromBearer(request.headers.authorization);
      if (session === null) throw unauthorized();
      await auth.logout(session.user, session.claims, request.query.everywhere === 'true');
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/v1/auth/registration',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Whether self-registration is open (the sign-in page shows Register only then)',
        response: { 200: RegistrationStatusSchema },
      },
    },
    () => ({ open: auth.registrationOpen() }),
  );
  done();
};
