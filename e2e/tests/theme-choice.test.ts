import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserPage } from '../support/harness';
import { signIn, signInByToken } from '../support/app';
import { apiToken } from '../support/api';
import { axeFindings } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { clearSchedule, ensurePhysicists, replaceSchedule } from '../support/scheduling-data';
import { provided } from '../support/provided';

/**
 * A user's own theme choice beside the admin's default, chosen from
 * the top bar by keyboard alone, following the device's dark setting live,
 * stored on the server so it follows them to another browser, and passing axe
 * in the dark theme it gives.
 */
const { page } = useBrowserPage();

const CSV = [
  'record_type,customer,location,zip_code,package,start,end,assigned_lead,physicist_name',
  'job,TC Clinic,New York,10016,Linac QA,2031-06-02,2031-06-03,TC Lead,',
].join('\n');

// The page colours of the default theme and of Dark Shade (theme-options.ts).
const LIGHT_PAGE = 'rgb(244, 246, 250)';
const DARK_PAGE = 'rgb(16, 20, 24)';
const pageColour = (p: Page) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);

const api = async (method: 'GET' | 'PUT', body?: object) => {
  const baseUrl = provided('baseUrl');
  const token = await apiToken(baseUrl, provided('regular'));
  const response = await fetch(`${baseUrl}/api/v1/me/appearance`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { theme_choice: string };
};

beforeAll(async () => {
  await ensurePhysicists([{ name: 'TC Lead', role: 'lead', home_zip: '10016' }]);
  await replaceSchedule(CSV);
});
afterAll(async () => {
  await api('PUT', { theme_choice: 'organisation' });
  await clearSchedule();
});

/** Tabs from the page's top until the theme button has the focus; fails past `limit` Tabs. */
async function tabToThemeButton(p: Page, limit = 15): Promise<number> {
  await p.locator('body').focus();
  for (let tabs = 1; tabs <= limit; tabs++) {
    await p.keyboard.press('Tab');
    const name = await p.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    if (name === 'Theme') return tabs;
  }
  throw new Error(`the Theme button was not reached in ${limit} Tabs`);
}

/** The regular user, who chose Dark Shade, signed in through the form on a light device. */
async function signedInWithDarkShade(): Promise<Page> {
  await api('PUT', { theme_choice: 'dark_shade' });
  const p = page();
  await p.emulateMedia({ colorScheme: 'light' });
  await signIn(p, provided('regular'));
  await p.waitForFunction(
    (dark) => getComputedStyle(document.body).backgroundColor === dark,
    DARK_PAGE,
  );
  return p;
}

describe('the theme choice', () => {
  it('is chosen by keyboard at 390 px, follows the OS live, and passes axe in dark', async () => {
    const p = page();
    await p.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'dark' });
    await p.setViewportSize({ width: 390, height: 844 });
    await signInByToken(p, provided('regular'));
    await p.goto('/my-schedule');
    await p.getByRole('button', { name: 'Theme' }).waitFor();
    // Nobody chose yet: the organisation's (light) theme, even on a dark device.
    expect(await pageColour(p)).toBe(LIGHT_PAGE);

    await tabToThemeButton(p);
    await p.keyboard.press('Enter');
    const menu = p.getByRole('menu', { name: 'Theme' });
    await menu.waitFor();
    const checked = menu.getByRole('menuitemradio', { checked: true });
    await expect(checked.textContent()).resolves.toContain('Organisation default');
    // The first item has the focus; the next one down is "Match my device".
    await p.keyboard.press('ArrowDown');
    await p.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    await p.waitForFunction(
      (dark) => getComputedStyle(document.body).backgroundColor === dark,
      DARK_PAGE,
    );
    expect((await api('GET')).theme_choice).toBe('device');

    // Focus goes back to the button, and axe finds nothing critical or serious in the dark.
    expect(await p.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Theme',
    );
    const findings = await axeFindings(p, 'dark 390 /my-schedule');
    await p.getByRole('button', { name: 'Theme' }).click();
    await menu.waitFor();
    findings.push(...(await axeFindings(p, 'dark 390 theme menu')));
    await p.keyboard.press('Escape');
    await p.goto('/assignments');
    await p.getByTestId('page-title').waitFor();
    await p.getByText('TC Clinic').first().waitFor();
    findings.push(...(await axeFindings(p, 'dark 390 /assignments')));
    expect(findings).toEqual([]);

    // The OS switches to light: the page follows without a reload.
    await p.emulateMedia({ colorScheme: 'light' });
    await p.waitForFunction(
      (light) => getComputedStyle(document.body).backgroundColor === light,
      LIGHT_PAGE,
    );
  });

  it('follows the user to another browser, and a reload paints it from the first render', async () => {
    const p = await signedInWithDarkShade();

    // On reload, the cached answer is applied before the server answers: hold that answer back.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await p.route('**/api/v1/me/appearance', async (route) => {
      await held;
      await route.continue();
    });
    await p.reload();
    await p.getByTestId('page-title').waitFor();
    expect(await pageColour(p)).toBe(DARK_PAGE);
    release();

    // A second browser (another device) with a dark OS setting gets the same choice from the server.
    const other = await launchBrowser();
    try {
      const context = await other.newContext({ baseURL: provided('baseUrl'), colorScheme: 'dark' });
      const second = await context.newPage();
      await api('PUT', { theme_choice: 'sunset' });
      await signIn(second, provided('regular'));
      await second.getByRole('button', { name: 'Theme' }).click();
      const choice = second.getByRole('menuitemradio', { checked: true });
      await expect(choice.textContent()).resolves.toContain('Sunset');
      await second.keyboard.press('Escape');
      // Sunset is light: the dark OS setting does not override a named theme.
      expect(await pageColour(second)).toBe('rgb(255, 243, 234)');
    } finally {
      await other.close();
    }
  });

  it("paints /my-schedule from its HTML in the user's theme before any script, and nothing for a guest", async () => {
    const p = await signedInWithDarkShade();

    // Every script of the app refused: what shows is the build's page (apps/web/scripts/prerender.mjs).
    await p.route('**/assets/*.js', (route) => route.abort());
    await p.goto('/my-schedule');
    const heading = p.getByRole('heading', { name: 'My schedule', level: 1 });
    await heading.waitFor();
    expect(await pageColour(p)).toBe(DARK_PAGE);
    expect(await p.getByRole('progressbar', { name: 'Loading' }).isVisible()).toBe(true);
    // A single heading: the other themes' copies are hidden, also from assistive technology.
    expect(await p.getByRole('heading', { level: 1 }).count()).toBe(1);

    // With its scripts, the app draws the screen over it in the same theme.
    await p.unroute('**/assets/*.js');
    await p.reload();
    await p.getByRole('button', { name: 'Theme' }).waitFor();
    expect(await pageColour(p)).toBe(DARK_PAGE);
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe('My schedule');

    // A guest's browser holds no token: the page stays empty until the app sends it to sign in.
    const context = await p
      .context()
      .browser()!
      .newContext({ baseURL: provided('baseUrl') });
    try {
      const guest = await context.newPage();
      await guest.route('**/assets/*.js', (route) => route.abort());
      await guest.goto('/my-schedule');
      expect(await guest.locator('#root [data-theme-variant]').count()).toBe(8);
      expect(await guest.getByRole('heading').count()).toBe(0);
      await guest.unroute('**/assets/*.js');
      await guest.reload();
      await guest.waitForURL((url) => url.pathname === '/login');
    } finally {
      await context.close();
    }
    await api('PUT', { theme_choice: 'organisation' });
  });
});
