import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPhysicist, call } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let first: number;
let second: number;

beforeAll(async () => {
  t = await createTestApp();
  first = (await addPhysicist(t, 'Feed First', 'lead', '10001')).id;
  second = (await addPhysicist(t, 'Feed Second', 'lead', '02115')).id;
});
afterAll(async () => {
  await t.close();
});

const link = (userId: number, physicistId: number | null) =>
  call(t, 'PUT', `/api/v1/admin/users/${userId}`, { physicist_id: physicistId }, 'admin');

/** Links the regular user to `physicistId` and makes a feed; answers its path. */
async function freshFeed(physicistId: number): Promise<string> {
  expect((await link(t.users.regular.id, physicistId)).statusCode).toBe(200);
  const made = await call(t, 'POST', '/api/v1/me/calendar', undefined, 'regular');
  expect(made.statusCode).toBe(200);
  const path = new URL(made.json<{ url: string }>().url).pathname;
  expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
  return path;
}

const feedStatus = async (path: string) =>
  (await t.app.inject({ method: 'GET', url: path })).statusCode;

describe('a calendar URL dies with its password and its link', () => {
  it('dies on an admin password reset', async () => {
    const path = await freshFeed(first);
    const reset = await call(
      t,
      'POST',
      `/api/v1/admin/users/${t.users.regular.id}/password`,
      { new_password: 'a-new-long-password-for-feeds' },
      'admin',
    );
    expect(reset.statusCode).toBeLessThan(300);
    expect(await feedStatus(path)).toBe(404);
    t.tokens.regular = await t.login(t.users.regular.username, 'a-new-long-password-for-feeds');
  });

  it('dies on a relink to another physicist, and on an unlink', async () => {
    const path = await freshFeed(first);
    expect((await link(t.users.regular.id, second)).statusCode).toBe(200);
    // The old URL never shows the new physicist's schedule.
    expect(await feedStatus(path)).toBe(404);
    const again = await freshFeed(second);
    expect((await link(t.users.regular.id, null)).statusCode).toBe(200);
    expect(await feedStatus(again)).toBe(404);
  });

  it('lives on through an edit that keeps the link', async () => {
    const path = await freshFeed(first);
    expect((await link(t.users.regular.id, first)).statusCode).toBe(200);
    expect(await feedStatus(path)).toBe(200);
  });

  it('dies with the account', async () => {
    const path = await freshFeed(first);
    const gone = await call(
      t,
      'DELETE',
      `/api/v1/admin/users/${t.users.regular.id}`,
      undefined,
      'admin',
    );
    expect(gone.statusCode).toBe(204);
    expect(await feedStatus(path)).toBe(404);
  });
});
