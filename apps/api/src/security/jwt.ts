import { hkdfSync, randomBytes } from 'node:crypto';
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
  /** Set when the password used to sign in fails today's rule: the web asks for a new one first. */
  pcr?: boolean;
}

/** A verified token's claims, with what names this one token and when it ends. */
export interface VerifiedClaims extends SessionClaims {
  /** A random id of this token: signing out records it (revoked_tokens) until `exp`. */
  jti: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

const ClaimsSchema = z.object({
  sub: z.string().min(1),
  role: RoleSchema,
  uid: z.number().int().positive(),
  key: z.string().min(16).max(64),
  jti: z.string().min(16).max(64),
  pcr: z.boolean().optional(),
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
   * remembered token invalid; revocation (the token key, a signed-out jti)
   * is checked by the caller against the database on every request.
   */
  private readonly verified = new Map<string, VerifiedClaims>();

  constructor(
    secret: string,
    private readonly ttlMinutes: number,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * A key for another purpose derived from the signing key (HKDF-SHA256), so
   * one server secret serves both and neither use can stand in for the other.
   */
  subkey(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), `meridian ${purpose}`, 32));
  }

  /** Issues a token for these claims with a fresh random id, expiring after the configured TTL. */
  sign(claims: SessionClaims): Promise<string> {
    const payload = { role: claims.role, uid: claims.uid, key: claims.key };
    return new SignJWT(claims.pcr === true ? { ...payload, pcr: true } : payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setJti(randomBytes(16).toString('base64url'))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlMinutes}m`)
      .sign(this.key);
  }

  /** Returns the claims of a valid token, or null for any defect (alg, signature, expiry, shape). */
  async verify(token: string): Promise<VerifiedClaims | null> {
    const known = this.verified.get(token);
    if (known !== undefined) {
      // The same rule as jose's: expired once the current second reaches exp.
      if (this.nowSeconds() < known.exp) return known;
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
    return checked;
  }

  /** The signature, algorithm, expiry and shape checks, with no memory. */
  private async check(token: string): Promise<VerifiedClaims | null> {
    try {
      // The algorithm list pins HS256: "none", RS256 and friends fail before the signature check.
      // jose never resolves keys from jwk/jku/x5u headers, so those headers are ignored.
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub', 'jti'],
        currentDate: new Date(this.nowSeconds() * 1000),
      });
      const parsed = ClaimsSchema.safeParse(payload);
      if (!parsed.success) return null;
      const { sub, role, uid, key, jti, pcr, exp } = parsed.data;
      return pcr === true
        ? { sub, role, uid, key, jti, pcr, exp }
        : { sub, role, uid, key, jti, exp };
    } catch {
      return null;
    }
  }
}
