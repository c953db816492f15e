import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationPolicy } from '../src/config/config';
import { createSecondNode, createTestApp, type TestApp } from './support/test-app';

let open: TestApp;

beforeAll(async () => {
  open = await createTestApp();
});
afterAll(async () => {
  await open.close();
});

const register = (t: Pick<TestApp, 'app'>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload });

/**
 * An app with this registration policy on the open app's database: the policy
 * is the app's configuration, not data, so it needs no database of its own
 * (a fresh one and its three signed-in users were most of each test's time).
 */
const withPolicy = (registration: RegistrationPolicy) =>
  createSecondNode(open, { config: { registration } });

describe('POST /api/v1/auth/register', () => {
  it('creates a regular account (201 {username}) that can sign in', async () => {
    const res = await register(open, {
      username: 'dana',
      email: 'dana@example.org',
      password: 'dana-password',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ username: 'dana' });
    const token = await open.login('dana', 'dana-password');
    const admin = await open.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: open.bearer(token),
    });
    expect(admin.statusCode).toBe(403);
  });

  it('answers 409 with a detail for a duplicate username or email', async () => {
    const name = await register(open, {
      username: 'DANA',
      email: 'other@example.org',
      password: 'plain-words-pass-1',
    });
    expect(name.statusCode).toBe(409);
    expect(name.json<{ detail: string }>().detail).toMatch(/Username 'DANA' is already taken/);
    const mail = await register(open, {
      username: 'dana2',
      email: 'Dana@Example.org',
      password: 'plain-words-pass-1',
    });
    expect(mail.statusCode).toBe(409);
    expect(mail.json<{ detail: string }>().detail).toMatch(/email/);
  });

  it('refuses a role field (clients cannot choose their role) and bad e-mails', async () => {
    const role = await register(open, {
      username: 'eve',
      email: 'eve@example.org',
      password: 'plain-words-pass-1',
      role: 'admin',
    });
    expect(role.statusCode).toBe(400);
    const email = await register(open, {
      username: 'eve',
      email: 'not-an-email',
      password: 'plain-words-pass-1',
    });
    expect(email.statusCode).toBe(400);
    expect(email.json<{ detail: string }>().detail).toMatch(/email/);
  });

  it('refuses __proto__ payloads', async () => {
    const res = await open.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"username":"mallory","email":"m@example.org","password":"plain-words-pass-1","__proto__":{"role":"admin"}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: unknown }>().detail).toEqual(expect.any(String));
  });
});

describe('REGISTRATION policy', () => {
  it('GET /api/v1/auth/registration tells the sign-in page whether to offer Register', async () => {
    const cases: [RegistrationPolicy, boolean][] = [
      [{ mode: 'closed' }, false],
      [{ mode: 'open' }, true],
      [{ mode: 'domain', domains: ['hospital.org'] }, true],
    ];
    for (const [registration, open] of cases) {
      const t = await withPolicy(registration);
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/registration' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ open });
      } finally {
        await t.close();
      }
    }
  });

  it('closed: 403 with a detail', async () => {
    const t = await withPolicy({ mode: 'closed' });
    try {
      const res = await register(t, {
        username: 'fred',
        email: 'fred@example.org',
        password: 'plain-words-pass-1',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ detail: string }>().detail).toMatch(/closed/);
    } finally {
      await t.close();
    }
  });

  it('domain: only listed e-mail domains', async () => {
    const t = await withPolicy({ mode: 'domain', domains: ['hospital.org'] });
    try {
      const outside = await register(t, {
        username: 'gina',
        email: 'gina@gmail.com',
        password: 'plain-words-pass-1',
      });
      expect(outside.statusCode).toBe(403);
      expect(outside.json<{ detail: string }>().detail).toMatch(/hospital\.org/);
      const inside = await register(t, {
        username: 'gina',
        email: 'gina@Hospital.org',
        password: 'plain-words-pass-1',
      });
      expect(inside.statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
