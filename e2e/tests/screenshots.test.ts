import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { signIn } from '../support/app';
import { apiToken } from '../support/api';
import { provided } from '../support/provided';

/**
 * Screenshots for looking at the screens, not assertions: they run only when
 * E2E_SCREENSHOTS_DIR is set (e.g. E2E_SCREENSHOTS_DIR=/tmp/shots).
 */
const SHOTS_DIR = process.env.E2E_SCREENSHOTS_DIR;
const { page } = useBrowserPage();

const shoot = async (p: Page, name: string, fullPage = false) => {
  await p.waitForLoadState('networkidle');
  await p.screenshot({ path: path.join(SHOTS_DIR ?? '.', `${name}.png`), fullPage });
};

async function setTheme(theme: string) {
  const baseUrl = provided('baseUrl');
  const token = await apiToken(baseUrl, provided('admin'));
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const current = (await (
    await fetch(`${baseUrl}/api/v1/admin/appearance-settings`, { headers })
  ).json()) as Record<string, unknown>;
  await fetch(`${baseUrl}/api/v1/admin/appearance-settings`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...current, theme }),
  });
}

describe.skipIf(!SHOTS_DIR)('screenshots', () => {
  it('login landing', async () => {
    mkdirSync(SHOTS_DIR ?? '.', { recursive: true });
    await page().goto('/login');
    await shoot(page(), 'login-welcome');
    await page().locator('#scheduling').scrollIntoViewIfNeeded();
    await page().waitForTimeout(600);
    await shoot(page(), 'login-scheduling');
    await page().locator('#analytics').scrollIntoViewIfNeeded();
    await page().waitForTimeout(600);
    await shoot(page(), 'login-analytics');
    await page().locator('#welcome').scrollIntoViewIfNeeded();
    await page().getByRole('button', { name: "Don't have an account? Register" }).click();
    await shoot(page(), 'login-register');
  });

  it('each role shell', async () => {
    for (const role of ['admin', 'manager', 'regular'] as const) {
      await signIn(page(), provided(role));
      await page().getByTestId('page-title').waitFor();
      await shoot(page(), `shell-${role}`);
      await page().getByRole('button', { name: 'Logout' }).click();
      await page().waitForURL((url) => url.pathname === '/login');
    }
  });

  it('drawer closed and a phone-sized window', async () => {
    await signIn(page(), provided('manager'));
    await page().getByRole('button', { name: 'Toggle navigation' }).click();
    await page().waitForTimeout(400);
    await shoot(page(), 'drawer-closed');
    await page().setViewportSize({ width: 390, height: 800 });
    await page().reload();
    await shoot(page(), 'phone');
    await page().getByRole('button', { name: 'Toggle navigation' }).click();
    await page().waitForTimeout(400);
    await shoot(page(), 'phone-drawer');
  });

  it('admin tabs and about', async () => {
    await signIn(page(), provided('admin'));
    for (const tab of ['users', 'appearance', 'music', 'optimizer']) {
      await page().goto(`/admin?tab=${tab}`);
      await shoot(page(), `admin-${tab}`, true);
    }
    await page().goto('/about');
    await page()
      .getByRole('button', { name: /The mathematical foundations/ })
      .click();
    await page().waitForTimeout(500);
    await shoot(page(), 'about', true);
  });

  it('every theme', async () => {
    try {
      for (const theme of ['dark_shade', 'sunset', 'mono_creme', 'teal_breeze']) {
        await setTheme(theme);
        await signIn(page(), provided('admin'));
        await page().goto('/admin?tab=appearance');
        await shoot(page(), `theme-${theme}`);
        await page().evaluate(() => localStorage.clear());
      }
    } finally {
      await setTheme('default');
    }
  });
});
