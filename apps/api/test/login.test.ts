import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondNode, createTestApp, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    throttle: { perAccount: 3, perAddress: 6, windowMs: 60_000, lockMs: 30_000 },
  });
});
afterAll(async () => {
  await t.close();
});

const tokenRequest = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/token',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });

describe('POST /api/v1/token', () => {
  it('answers a bearer token for good credentials, case-insensitively on the username', async () => {
    const res = await tokenRequest('MANAGER1', t.users.manager.password, '10.0.0.9');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      token_type: 'bearer',
      access_token: expect.any(String) as unknown,
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives the same 401 body for an unknown user and a wrong password', async () => {
    const unknown = await tokenRequest('nobody-here', 'whatever-pass', '10.0.0.2');
    const wrong = await tokenRequest('regular1', 'wrong-password', '10.0.0.3');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json()).toEqual({ detail: 'Incorrect username or password' });
  });

  it('names the missing field when the form is incomplete', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=admin1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(/password/);
  });
});

describe('throttling of failed sign-ins', () => {
  it('locks an account after repeated failures with 429 and Retry-After, even for the right password', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await tokenRequest('admin1', 'nope-nope', `10.1.0.${i}`)).statusCode).toBe(401);
    const locked = await tokenRequest('admin1', t.users.admin.password, '10.1.0.99');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json<{ detail: string }>().detail).toMatch(/try again/);
    // Other accounts are unaffected.
    expect((await tokenRequest('manager1', t.users.manager.password, '10.1.0.98')).statusCode).toBe(
      200,
    );
  });

  it('locks an address spraying many accounts', async () => {
    for (let i = 0; i < 6; i += 1) {
      expect((await tokenRequest(`spray-${i}`, 'guess-guess', '10.2.0.1')).statusCode).toBe(401);
    }
    const res = await tokenRequest('regular1', t.users.regular.password, '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await tokenRequest('regular1', t.users.regular.password, '10.2.0.2')).statusCode).toBe(
      200,
    );
  });
});

describe('request cap on the sign-in routes', () => {
  it('answers 429 {detail} with Retry-After past the per-address limit', async () => {
    // The cap is the app's own (in memory, per node): an app on t's database has a count of its own.
    const capped = await createSecondNode(t, { authRatePerMinute: 4 });
    try {
      // Each route counts on its own: four register calls pass to validation, the fifth is capped.
      const statuses: number[] = [];
      let last = await capped.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {},
      });
      for (let i = 0; i < 5; i += 1) {
        last = await capped.app.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: {},
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
      expect(last.headers['retry-after']).toBeDefined();
      expect(last.json()).toEqual({ detail: 'Too many requests; try again later' });
    } finally {
      await capped.close();
    }
  });
});
