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

/** How many verified tokens each node remembers (about one per signed-in session). */
const VERIFIED_TOKENS = 1000;

/** Signs and verifies HS256 session tokens with one key; nothing but HS256 is ever accepted. */
export class TokenSigner {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature already checked out, with their claims and expiry
   * (seconds). A token's bytes fix its claims, so only the clock can make a
   * remembered token invalid; revocation is the token key, which the caller
   * compares with the user's current key on every request.
   */
  private readonly verified = new Map<string, { claims: SessionClaims; exp: number }>();

  constructor(
    secret: string,
    private readonly ttlMinutes: number,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
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
    const known = this.verified.get(token);
    if (known !== undefined) {
      // The same rule as jose's: expired once the current second reaches exp.
      if (this.nowSeconds() < known.exp) return known.claims;
      this.verified.delete(token);
      return null;
    }
    const checked = await this.check(token);
    if (checked === null) return null;
    if (this.verified.size >= VERIFIED_TOKENS) {
      // Forget the oldest entry (Map keeps insertion order).
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, checked);
    return checked.claims;
  }

  /** The signature, algorithm, expiry and shape checks, with no memory. */
  private async check(token: string): Promise<{ claims: SessionClaims; exp: number } | null> {
    try {
      // The algorithm list pins HS256: "none", RS256 and friends fail before the signature check.
      // jose never resolves keys from jwk/jku/x5u headers, so those headers are ignored.
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
        currentDate: new Date(this.nowSeconds() * 1000),
      });
      const parsed = ClaimsSchema.safeParse(payload);
      if (!parsed.success) return null;
      const { sub, role, uid, key, exp } = parsed.data;
      return { claims: { sub, role, uid, key }, exp };
    } catch {
      return null;
    }
  }
}
