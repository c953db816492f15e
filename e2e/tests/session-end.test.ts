import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { expectToast, signIn, waitForPath } from '../support/app';
import { apiToken, createUser } from '../support/api';
import { provided } from '../support/provided';

// docs/security.md: a changed role, a reset password or a deleted account makes the
// old token fail at the next request. The app must then leave for /login
// rather than keep a screen whose every request answers 401.
const { page } = useBrowserPage();
const SESSION_ENDED = 'Your session has ended; please sign in again.';

/** Admin API call with a fresh admin token. */
async function adminApi(path: string, init: RequestInit = {}): Promise<Response> {
  const token = await apiToken(provided('baseUrl'), provided('admin'));
  return fetch(`${provided('baseUrl')}/api/v1${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  });
}

/** A manager of this test only (the shared logins must keep their roles). */
async function seedManager(prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}`;
  const credentials = { username, password: 'session-end-pass-1' };
  const token = await apiToken(provided('baseUrl'), provided('admin'));
  await createUser(provided('baseUrl'), token, {
    ...credentials,
    email: `${username}@example.org`,
    role: 'manager',
  });
  const users = (await (await adminApi('/admin/users')).json()) as {
    id: number;
    username: string;
  }[];
  const id = users.find((user) => user.username === username)?.id;
  if (id === undefined) throw new Error(`${username} was not created`);
  return { ...credentials, id };
}

/**
 * Acts in the page. A background request (a poll, a prefetch) may meet the 401
 * first and leave for /login while the action waits for its control, so
 * reaching /login also ends the wait; an action that fails otherwise fails the test.
 */
async function act(p: Page, action: () => Promise<void>) {
  const acting = action();
  acting.catch(() => undefined);
  await Promise.race([acting, waitForPath(p, '/login')]);
}

/** After the session ended: at /login, one toast says why, token gone, and it stays so (no loop). */
async function expectSignedOut(p: Page) {
  await waitForPath(p, '/login');
  await p.getByRole('heading', { name: 'Access Your Portal' }).waitFor();
  await expectToast(p, SESSION_ENDED);
  expect(await p.evaluate(() => localStorage.getItem('meridian.token'))).toBeNull();
  await p.waitForTimeout(1500);
  expect(new URL(p.url()).pathname).toBe('/login');
  expect(await p.getByTestId('toast').filter({ hasText: SESSION_ENDED }).count()).toBe(1);
}

describe('a session the server ended', () => {
  it('role changed by an admin: the next screen the user opens sends them to /login', async () => {
    const user = await seedManager('demoted');
    await signIn(page(), user);
    await waitForPath(page(), '/import');
    const changed = await adminApi(`/admin/users/${user.id}`, {
      method: 'PUT',
      body: JSON.stringify({ role: 'regular' }),
    });
    expect(changed.status).toBe(200);
    await act(page(), () => page().getByRole('link', { name: 'Kit Management' }).click());
    await expectSignedOut(page());
    // Signing in again works and shows the new role's home.
    await signIn(page(), user);
    await waitForPath(page(), '/assignments');
  });

  it('password reset by an admin: the next action sends the user to /login', async () => {
    const user = await seedManager('reset');
    await signIn(page(), user);
    await waitForPath(page(), '/import');
    await page().getByRole('button', { name: 'Add New Job' }).waitFor();
    const reset = await adminApi(`/admin/users/${user.id}/password`, {
      method: 'POST',
      body: JSON.stringify({ new_password: 'session-end-pass-2' }),
    });
    expect(reset.ok).toBe(true);
    await act(page(), () => page().getByRole('button', { name: 'Add New Job' }).click());
    await expectSignedOut(page());
  });

  it('a wrong password on /login is a failed sign-in, not a session end', async () => {
    await page().goto('/login');
    await page().getByLabel('Username').fill(provided('regular').username);
    await page().getByLabel('Password').fill('not-the-password');
    await page().getByRole('button', { name: 'Sign In', exact: true }).click();
    await page().getByTestId('toast').filter({ hasText: 'Login failed:' }).first().waitFor();
    expect(await page().getByTestId('toast').filter({ hasText: SESSION_ENDED }).count()).toBe(0);
    expect(new URL(page().url()).pathname).toBe('/login');
  });
});
