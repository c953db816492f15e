import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

// docs/security.md, holes 2 and 3: one attacker behind a proxy must not lock everyone
// out, and sign-in input must not let anyone fill the server's memory.

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('behind a trusted reverse proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { trustProxy: ['127.0.0.1'] },
      throttle: { perAccount: 50, perAddress: 5, windowMs: 60_000, lockMs: 30_000 },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A sign-in that reached the server through the proxy at 127.0.0.1 for `client`. */
  const viaProxy = (client: string, username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/token',
      remoteAddress: '127.0.0.1',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': client,
      },
      payload: form({ username, password }),
    });

  it('locks the attacking client only: everyone else behind the proxy still signs in', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await viaProxy('203.0.113.7', `guess${i}`, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await viaProxy('203.0.113.7', 'admin1', t.users.admin.password)).statusCode).toBe(429);
    const colleague = await viaProxy('198.51.100.20', 'admin1', t.users.admin.password);
    expect(colleague.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const spoofed = (forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/token',
        remoteAddress: '192.0.2.50',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': forwardedFor,
        },
        payload: form({ username: 'nobody', password: 'wrong-password' }),
      });
    // Rotating the header does not dodge the lock on the real address.
    for (let i = 0; i < 5; i++) expect((await spoofed(`10.9.0.${i}`)).statusCode).toBe(401);
    expect((await spoofed('10.9.0.99')).statusCode).toBe(429);
  });
});

describe('behind one proxy hop (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { trustProxy: 1 },
      throttle: { perAccount: 50, perAddress: 3, windowMs: 60_000, lockMs: 30_000 },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the address the proxy appended, not one the client wrote before it', async () => {
    const attempt = (spoofed: string, client: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/token',
        remoteAddress: '127.0.0.1',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `${spoofed}, ${client}`,
        },
        payload: form({ username: 'nobody', password: 'wrong-password' }),
      });
    for (let i = 0; i < 3; i++)
      expect((await attempt(`10.8.0.${i}`, '203.0.113.9')).statusCode).toBe(401);
    expect((await attempt('10.8.0.77', '203.0.113.9')).statusCode).toBe(429);
    expect((await attempt('10.8.0.77', '203.0.113.10')).statusCode).toBe(401);
  });
});

describe("sign-in input and the throttle's memory", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      throttle: { perAccount: 50, perAddress: 5, windowMs: 60_000, lockMs: 30_000 },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = (username: string, password: string, remoteAddress = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/token',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ username, password }),
    });

  it('refuses a username over 64 characters and a password over 1,024 bytes with 400', async () => {
    const long = await signIn('u'.repeat(65), 'whatever-password', '10.0.1.1');
    expect(long.statusCode).toBe(400);
    expect(long.json<{ detail: string }>().detail).toMatch(/username.*64/i);
    // 513 two-byte characters: 1,026 bytes.
    const heavy = await signIn('admin1', 'é'.repeat(513), '10.0.1.2');
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json<{ detail: string }>().detail).toMatch(/password.*1024 bytes/i);
    expect((await signIn('admin1', t.users.admin.password, '10.0.1.3')).statusCode).toBe(200);
  });

  it('answers a 100 KiB username 413 before reading it as a sign-in', async () => {
    const res = await signIn('u'.repeat(100 * 1024), 'whatever-password', '10.0.1.4');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: expect.any(String) as unknown });
  });

  it('counts IPv6 clients by /64: rotating addresses inside one /64 is one address', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await signIn(`v6guess${i}`, 'wrong-password', `2001:db8:1:2::${i.toString(16)}`);
      expect(res.statusCode).toBe(401);
    }
    const rotated = await signIn('v6guess9', 'wrong-password', '2001:db8:1:2:ffff:1:2:3');
    expect(rotated.statusCode).toBe(429);
    // Another /64 is another client.
    expect((await signIn('admin1', t.users.admin.password, '2001:db8:1:3::1')).statusCode).toBe(
      200,
    );
  });
});
