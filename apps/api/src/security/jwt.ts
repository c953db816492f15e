import { RoleSchema, type Role } from '@meridian/domain';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

/** The claims we put in and read back from a session token. */
export interface SessionClaims {
  /** The username (the web app shows it; the spec's subject claim). */
  sub: string;
  role: Role;
  /** The user's id: a re-created username is another id. */
  uid: number;
  /** The user's token key at sign-in; drawing a new one revokes every older token. */
  key: string;
}

const ClaimsSchema = z.object({
  sub: z.string().min(1),
  role: RoleSchema,
  uid: z.number().int().positive(),
  key: z.string().min(16).max(64),
  exp: z.number(),
});

/** Signs and verifies HS256 session tokens with one key; nothing but HS256 is ever accepted. */
export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlMinutes: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** Issues a token for these claims, expiring after the configured TTL. */
  sign(claims: SessionClaims): Promise<string> {
    return new SignJWT({ role: claims.role, uid: claims.uid, key: claims.key })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlMinutes}m`)
      .sign(this.key);
  }

  /** Returns the claims of a valid token, or null for any defect (alg, signature, expiry, shape). */
  async verify(token: string): Promise<SessionClaims | null> {
    try {
      // The algorithm list pins HS256: "none", RS256 and friends fail before the signature check.
      // jose never resolves keys from jwk/jku/x5u headers, so those headers are ignored.
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
      });
      const parsed = ClaimsSchema.safeParse(payload);
      return parsed.success
        ? {
            sub: parsed.data.sub,
            role: parsed.data.role,
            uid: parsed.data.uid,
            key: parsed.data.key,
          }
        : null;
    } catch {
      return null;
    }
  }
}
