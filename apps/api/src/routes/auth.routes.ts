import {
  RegisterRequestSchema,
  RegisterResponseSchema,
  RegistrationStatusSchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AuthService } from '../services/auth.service';

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
  const rateLimit = { max: maxPerMinute, timeWindow: '1 minute' };
  // A sign-in or registration form is well under 16 KiB; a larger body is refused (413) unread.
  const bodyLimit = 16 * 1024;

  app.post(
    '/api/v1/token',
    {
      bodyLimit,
      config: { public: true, rateLimit },
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
      const token = await auth.login(username, password, request.ip);
      return { access_token: token, token_type: 'bearer' as const };
    },
  );

  app.post(
    '/api/v1/auth/register',
    {
      bodyLimit,
      config: { public: true, rateLimit },
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
