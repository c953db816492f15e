import { decodeJwt, type JWTPayload } from 'jose';
import { TokenClaimsSchema, type TokenClaims } from '@meridian/contracts';

/** localStorage key of the bearer token: kept in local storage, so a reload stays signed in. */
export const TOKEN_STORAGE_KEY = 'meridian.token';

/**
 * Reads the claims (sub, role, exp) of a JWT. The browser does not verify the
 * signature: it only needs the claims to shape the screen, and the server
 * checks every request. Returns null for anything that is not a usable token.
 */
export function decodeTokenClaims(token: string): TokenClaims | null {
  let raw: JWTPayload;
  try {
    raw = decodeJwt(token);
  } catch {
    return null; // Not three segments, or a payload that is not base64url JSON.
  }
  // A token without a role claim means a regular user: regular is the default role.
  const parsed = TokenClaimsSchema.safeParse('role' in raw ? raw : { ...raw, role: 'regular' });
  return parsed.success ? parsed.data : null;
}

/** Whether the token's expiry (seconds since the epoch) has passed at `nowMs`. */
export function isExpired(claims: TokenClaims, nowMs: number = Date.now()): boolean {
  return claims.exp * 1000 <= nowMs;
}

/** The claims of a token that is well formed and not yet expired, else null. */
export function usableClaims(token: string | null, nowMs: number = Date.now()): TokenClaims | null {
  if (!token) return null;
  const claims = decodeTokenClaims(token);
  return claims && !isExpired(claims, nowMs) ? claims : null;
}
