import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: t.bearer(t.tokens.admin), ...(payload ? { payload } : {}) });

describe('admin user management', () => {
  it('lists users without password hashes', async () => {
    const res = await asAdmin('GET', '/api/v1/admin/users');
    expect(res.statusCode).toBe(200);
    const users = res.json<Array<Record<string, unknown>>>();
    expect(users.map((u) => u.username)).toEqual(['admin1', 'manager1', 'regular1']);
    expect(Object.keys(users[0] ?? {}).sort()).toEqual([
      'email',
      'id',
      'physicist_id',
      'role',
      'username',
    ]);
  });

  it('creates a user (role defaults to regular) who can then sign in', async () => {
    const res = await asAdmin('POST', '/api/v1/admin/users', {
      username: 'newbie',
      email: 'newbie@example.org',
      password: 'newbie-password',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'newbie', role: 'regular' });
    await expect(t.login('newbie', 'newbie-password')).resolves.toEqual(expect.any(String));
  });

  it('answers 409 with a detail for a duplicate username or email, in any case', async () => {
    const dupName = await asAdmin('POST', '/api/v1/admin/users', {
      username: 'Manager1',
      email: 'fresh@example.org',
      password: 'paper-lantern-123',
    });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json<{ detail: string }>().detail).toMatch(/Username/);
    const dupMail = await asAdmin('POST', '/api/v1/admin/users', {
      username: 'fresh',
      email: 'REGULAR1@example.org',
      password: 'paper-lantern-123',
    });
    expect(dupMail.statusCode).toBe(409);
    expect(dupMail.json<{ detail: string }>().detail).toMatch(/email/);
  });

  it('validates bodies and names the field', async () => {
    const short = await asAdmin('POST', '/api/v1/admin/users', {
      username: 'abc',
      email: 'a@b.org',
      password: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ detail: string }>().detail).toMatch(/password/);
    const role = await asAdmin('PUT', `/api/v1/admin/users/${t.users.regular.id}`, {
      role: 'root',
    });
    expect(role.statusCode).toBe(400);
    expect(role.json<{ detail: string }>().detail).toMatch(/role/);
    const extra = await asAdmin('PUT', `/api/v1/admin/users/${t.users.regular.id}`, {
      role: 'manager',
      id: 1,
    });
    expect(extra.statusCode).toBe(400);
    const badId = await asAdmin('DELETE', '/api/v1/admin/users/abc');
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ detail: string }>().detail).toMatch(/id/);
  });

  it('never demotes or deletes the last admin (409), but allows it when another admin exists', async () => {
    const adminId = t.users.admin.id;
    const demote = await asAdmin('PUT', `/api/v1/admin/users/${adminId}`, { role: 'manager' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json<{ detail: string }>().detail).toMatch(/last admin/);
    const del = await asAdmin('DELETE', `/api/v1/admin/users/${adminId}`);
    expect(del.statusCode).toBe(409);

    const second = await asAdmin('POST', '/api/v1/admin/users', {
      username: 'admin2',
      email: 'admin2@example.org',
      password: 'admin2-password',
      role: 'admin',
    });
    expect(second.statusCode).toBe(201);
    const secondId = second.json<{ id: number }>().id;
    expect(
      (await asAdmin('PUT', `/api/v1/admin/users/${secondId}`, { role: 'regular' })).statusCode,
    ).toBe(200);
    // admin2 is regular now, so admin1 is the last admin again.
    expect((await asAdmin('DELETE', `/api/v1/admin/users/${adminId}`)).statusCode).toBe(409);
    expect((await asAdmin('DELETE', `/api/v1/admin/users/${secondId}`)).statusCode).toBe(204);
  });

  it('answers 404 for unknown ids', async () => {
    expect(
      (await asAdmin('PUT', '/api/v1/admin/users/424242', { role: 'manager' })).statusCode,
    ).toBe(404);
    expect((await asAdmin('DELETE', '/api/v1/admin/users/424242')).statusCode).toBe(404);
    const reset = await asAdmin('POST', '/api/v1/admin/users/424242/password', {
      new_password: 'long-enough-now',
    });
    expect(reset.statusCode).toBe(404);
    expect(reset.json()).toEqual({ detail: 'User 424242 not found' });
  });
});
