import { TokenClaimsSchema, type TokenClaims } from '@meridian/contracts';

/** localStorage key of the bearer token (spec section 4: the token lives in local storage). */
export const TOKEN_STORAGE_KEY = 'meridian.token';

/** Base64url (JWT segment) to a UTF-8 string; atob only knows standard base64. */
function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the claims (sub, role, exp) of a JWT. The browser does not verify the
 * signature: it only needs the claims to shape the screen, and the server
 * checks every request. Returns null for anything that is not a usable token.
 */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const raw: unknown = JSON.parse(decodeBase64Url(payload));
    // A token without a role claim means a regular user (spec section 3).
    const withDefaultRole =
      raw !== null && typeof raw === 'object' && !('role' in raw)
        ? { ...raw, role: 'regular' }
        : raw;
    const parsed = TokenClaimsSchema.safeParse(withDefaultRole);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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
