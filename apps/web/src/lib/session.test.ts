import { describe, expect, it } from 'vitest';
import { decodeTokenClaims, isExpired, usableClaims } from './session';

/** An unsigned JWT-shaped token: the browser never checks signatures, so none is needed. */
function token(payload: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

const NOW = Date.UTC(2026, 0, 1);
const inOneHour = NOW / 1000 + 3600;

describe('decodeTokenClaims', () => {
  it('reads sub, role and exp', () => {
    expect(decodeTokenClaims(token({ sub: 'ada', role: 'manager', exp: inOneHour }))).toEqual({
      sub: 'ada',
      role: 'manager',
      exp: inOneHour,
    });
  });

  it('defaults a missing role claim to regular', () => {
    expect(decodeTokenClaims(token({ sub: 'bob', exp: inOneHour }))?.role).toBe('regular');
  });

  it('decodes base64url payloads with non-ASCII names', () => {
    expect(decodeTokenClaims(token({ sub: 'zoë-ñ?>', role: 'admin', exp: 1 }))?.sub).toBe(
      'zoë-ñ?>',
    );
  });

  it('refuses malformed tokens and unknown roles', () => {
    expect(decodeTokenClaims('')).toBeNull();
    expect(decodeTokenClaims('not-a-token')).toBeNull();
    expect(decodeTokenClaims('a.%%%.c')).toBeNull();
    expect(decodeTokenClaims(token({ sub: 'x', role: 'root', exp: inOneHour }))).toBeNull();
    expect(decodeTokenClaims(token({ sub: 'x', role: 'admin' }))).toBeNull();
  });
});

describe('expiry', () => {
  const claims = { sub: 'ada', role: 'regular' as const, exp: inOneHour };
  it('is expired at and after exp', () => {
    expect(isExpired(claims, NOW)).toBe(false);
    expect(isExpired(claims, inOneHour * 1000)).toBe(true);
    expect(isExpired(claims, inOneHour * 1000 + 1)).toBe(true);
  });

  it('usableClaims discards expired and missing tokens', () => {
    expect(usableClaims(null, NOW)).toBeNull();
    expect(usableClaims(token(claims), NOW)).toEqual(claims);
    expect(usableClaims(token({ ...claims, exp: NOW / 1000 - 1 }), NOW)).toBeNull();
  });
});
