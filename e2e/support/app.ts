import type { Page } from 'playwright-core';
import { apiToken } from './api';
import { provided, type Credentials } from './provided';

/** Signs in through the login form and waits until the app has left /login. */
export async function signIn(page: Page, credentials: Credentials): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** localStorage key of the session token (apps/web/src/lib/session.ts, TOKEN_STORAGE_KEY). */
const TOKEN_STORAGE_KEY = 'meridian.token';

/**
 * Signs in without the form, for a test whose next step opens a page of its
 * own and that does not check signing in: takes a token from POST
 * /api/v1/token and stores it where the form would (localStorage, on the
 * app's origin, from a page that is not the app), so the test's next
 * page load is signed in. The form's page and the home page it leads to
 * are not loaded; signIn is for tests that go through them.
 */
export async function signInByToken(page: Page, credentials: Credentials): Promise<void> {
  const token = await apiToken(provided('baseUrl'), credentials);
  await page.goto('/api/v1/health');
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: TOKEN_STORAGE_KEY,
    value: token,
  });
}

/** The drawer's entries, in order. */
export async function drawerEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link').first().waitFor();
  return (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
}

/** Waits for a toast with exactly this text. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
}

/** The path of the current URL (no origin, no query). */
export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** Waits until the app is at `path`, following client-side redirects. */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/**
 * Waits until the top bar shows `title`. The URL can change a moment before
 * React commits the new screen, so reading the title right after the URL races.
 */
export async function expectTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="page-title"]')?.textContent?.trim() === expected,
    title,
  );
}
