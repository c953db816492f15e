import type { Role } from '@meridian/domain';

/** The signed-in user of a request, loaded from the database on every request. */
export interface AuthUser {
  id: number;
  username: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook; null on public routes. */
    user: AuthUser | null;
    /** Loads the request's token's user again (null once revoked); long streams call it. */
    reauthenticate: (() => Promise<AuthUser | null>) | null;
  }
  interface FastifyContextConfig {
    /** Opt a /api/v1 route out of the token requirement (token, register, health only). */
    public?: boolean;
  }
}
