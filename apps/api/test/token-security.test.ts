import { SignJWT, base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSignedInUser } from './support/accounts';
import { TEST_JWT_SECRET, createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
const key = new TextEncoder().encode(TEST_JWT_SECRET);
const PROTECTED = '/api/v1/admin/users';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const statusWith = async (token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: PROTECTED,
      headers: { authorization: `Bearer ${token}` },
    })
  ).statusCode;

const encode = (value: object) => base64url.encode(JSON.stringify(value));
/** The uid and key claims of a genuine token, so a forged one fails only for the defect under test. */
const bindingOf = (token: string) => {
  const payload = JSON.parse(
    new TextDecoder().decode(base64url.decode(token.split('.')[1] ?? '')),
  ) as { uid: number; key: string };
  return { uid: payload.uid, key: payload.key };
};
const future = () => Math.floor(Date.now() / 1000) + 3600;

describe('session token (RFC 8725, docs/security.md)', () => {
  it('accepts a genuine admin token', async () => {
    expect(await statusWith(t.tokens.admin)).toBe(200);
  });

  it('refuses alg none', async () => {
    const token = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: 'admin1', role: 'admin', ...bindingOf(t.tokens.admin), exp: future() })}.`;
    expect(await statusWith(token)).toBe(401);
  });

  it('refuses another algorithm with the right key (HS512)', async () => {
    const token = await new SignJWT({ role: 'admin', ...bindingOf(t.tokens.admin) })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('admin1')
      .setExpirationTime('1h')
      .sign(key);
    expect(await statusWith(token)).toBe(401);
  });

  it('refuses a wrong signature', async () => {
    const [header, payload, signature] = t.tokens.admin.split('.');
    const flipped = `${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    expect(await statusWith(`${header}.${payload}.${flipped}`)).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = await new SignJWT({ role: 'admin', ...bindingOf(t.tokens.admin) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin1')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    expect(await statusWith(token)).toBe(401);
  });

  it('refuses a token without exp even when correctly signed', async () => {
    const token = await new SignJWT({ role: 'admin', ...bindingOf(t.tokens.admin) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin1')
      .sign(key);
    expect(await statusWith(token)).toBe(401);
  });

  it('refuses a role claim edited from regular to admin (signature no longer matches)', async () => {
    const [header, payload, signature] = t.tokens.regular.split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload ?? ''))) as Record<
      string,
      unknown
    >;
    const edited = encode({ ...claims, role: 'admin' });
    expect(await statusWith(`${header}.${edited}.${signature}`)).toBe(401);
  });

  it('refuses a correctly signed token whose role differs from the database role', async () => {
    const token = await new SignJWT({ role: 'admin', ...bindingOf(t.tokens.regular) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(t.users.regular.username)
      .setExpirationTime('1h')
      .sign(key);
    expect(await statusWith(token)).toBe(401);
  });

  it('ignores an embedded jwk header (the server key alone decides)', async () => {
    const token = await new SignJWT({ role: 'admin', ...bindingOf(t.tokens.admin) })
      .setProtectedHeader({ alg: 'HS256', jwk: { kty: 'oct', k: 'AAAA' } as never })
      .setSubject('admin1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('attacker-key-attacker-key-attacker-key!!'));
    expect(await statusWith(token)).toBe(401);
  });

  it('refuses garbage, a missing scheme and an empty header with 401 {detail}', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer not.a.jwt',
      t.tokens.admin,
      'Basic YWRtaW46eA==',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: PROTECTED, headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Not authenticated' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it('issues HS256 tokens carrying sub, role, uid, key and exp', () => {
    const [header, payload] = t.tokens.manager.split('.');
    const decode = (part: string | undefined) =>
      JSON.parse(new TextDecoder().decode(base64url.decode(part ?? ''))) as Record<string, unknown>;
    expect(decode(header)).toMatchObject({ alg: 'HS256' });
    const claims = decode(payload);
    expect(claims).toMatchObject({ sub: 'manager1', role: 'manager', uid: t.users.manager.id });
    expect(claims.key).toMatch(/^[0-9a-f]{32}$/);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(t.config.tokenTtlMinutes * 60);
  });
});

describe('revocation at the next request', () => {
  const me = (token: string) =>
    t.app
      .inject({ method: 'GET', url: '/api/v1/theme/active', headers: t.bearer(token) })
      .then((r) => r.statusCode);

  it('after the user is deleted', async () => {
    const { user, token } = await newSignedInUser(t, 'gone-soon');
    expect(await me(token)).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/users/${user.id}`,
      headers: t.bearer(t.tokens.admin),
    });
    expect(del.statusCode).toBe(204);
    expect(await me(token)).toBe(401);
  });

  it('after the user is deleted and the same username is created again with the same role', async () => {
    const { user, token, password } = await newSignedInUser(t, 'reborn');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/users/${user.id}`,
      headers: t.bearer(t.tokens.admin),
    });
    expect(del.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: t.bearer(t.tokens.admin),
      payload: { username: 'reborn', email: 'reborn@example.org', password, role: 'regular' },
    });
    expect(again.statusCode).toBe(201);
    // The old token named the same username and role: it belongs to the deleted account only.
    expect(await me(token)).toBe(401);
    expect(await me(await t.login('reborn', password))).toBe(200);
  });

  it('after a role change (old tokens fail, a new login works with the new role)', async () => {
    const { user, token, password } = await newSignedInUser(t, 'promoted');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${user.id}`,
      headers: t.bearer(t.tokens.admin),
      payload: { role: 'manager' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: user.id, role: 'manager' });
    expect(await me(token)).toBe(401);
    expect(await me(await t.login('promoted', password))).toBe(200);
  });

  it('after a password reset (and the old password stops working)', async () => {
    const { user, token, password } = await newSignedInUser(t, 'forgetful');
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${user.id}/password`,
      headers: t.bearer(t.tokens.admin),
      payload: { new_password: 'brand-new-password' },
    });
    expect(reset.statusCode).toBe(204);
    expect(await me(token)).toBe(401);
    await expect(t.login('forgetful', password)).rejects.toThrow(/401/);
    expect(await me(await t.login('forgetful', 'brand-new-password'))).toBe(200);
  });
});
