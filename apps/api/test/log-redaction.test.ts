import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

// Logs carry no tokens or passwords (OWASP ASVS 16.2.5). The app logs at trace level
// into an array here, while requests carry bearer tokens and passwords.
const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    logger: true,
    logStream: { write: (line) => lines.push(line) },
    config: { logLevel: 'trace' },
  });
});
afterAll(async () => {
  await t.close();
});

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('log redaction', () => {
  it('logs requests with bearer tokens and passwords without either', async () => {
    const secrets = [
      t.tokens.admin,
      t.tokens.regular,
      t.users.admin.password,
      'wrong-password-for-the-log',
      'registration-password-1',
      'reset-password-for-the-log',
    ];
    const before = lines.length;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/jobs/',
          headers: t.bearer(t.tokens.admin),
        })
      ).statusCode,
    ).toBe(200);
    // A refused request takes the error path, which logs too.
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users',
      headers: t.bearer(t.tokens.regular),
    });
    expect(refused.statusCode).toBe(403);
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token',
      ...form({ username: t.users.admin.username, password: t.users.admin.password }),
    });
    expect(token.statusCode).toBe(200);
    secrets.push(token.json<{ access_token: string }>().access_token);
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token',
      ...form({ username: t.users.admin.username, password: 'wrong-password-for-the-log' }),
    });
    expect(failed.statusCode).toBe(401);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        username: 'logged',
        email: 'logged@example.org',
        password: 'registration-password-1',
      },
    });
    expect(registered.statusCode).toBe(201);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${t.users.regular.id}/password`,
      headers: t.bearer(t.tokens.admin),
      payload: { new_password: 'reset-password-for-the-log' },
    });
    expect(reset.statusCode).toBeLessThan(300);

    const logged = lines.slice(before);
    // Every request above was logged (so the check below is not vacuous).
    const urls = logged.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/v1/jobs/',
        '/api/v1/admin/users',
        '/api/v1/token',
        '/api/v1/auth/register',
        `/api/v1/admin/users/${t.users.regular.id}/password`,
      ]),
    );
    const text = logged.join('');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('censors credentials wherever code logs headers or a body', () => {
    const before = lines.length;
    t.app.log.info(
      {
        headers: { authorization: `Bearer ${t.tokens.manager}`, accept: 'application/json' },
        body: { username: 'someone', password: 'body-password-1', new_password: 'body-password-2' },
        answer: { access_token: t.tokens.regular },
      },
      'logged by mistake',
    );
    const [line] = lines.slice(before);
    expect(line).toBeDefined();
    const entry = JSON.parse(line!) as Record<string, Record<string, unknown>>;
    expect(entry.headers).toEqual({ authorization: '[redacted]', accept: 'application/json' });
    expect(entry.body).toEqual({
      username: 'someone',
      password: '[redacted]',
      new_password: '[redacted]',
    });
    expect(entry.answer).toEqual({ access_token: '[redacted]' });
    for (const secret of [
      t.tokens.manager,
      t.tokens.regular,
      'body-password-1',
      'body-password-2',
    ]) {
      expect(line).not.toContain(secret);
    }
  });
});
