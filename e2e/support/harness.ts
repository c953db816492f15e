import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser, launchProfile } from './browser';
import { provided } from './provided';

/** How long a locator waits for the app; the server is local, so this is generous. */
const ACTION_TIMEOUT_MS = 10_000;
const VIEWPORT = { width: 1366, height: 860 };

interface Options {
  /**
   * A fresh browser context per test, from a browser of the file's own: for a file that opens
   * more contexts from `page().context().browser()` (a second user beside the first). Slower:
   * every test compiles the app's scripts again (docs/testing.md).
   */
  contextPerTest?: boolean;
}

/**
 * A page per test, with nothing of an earlier test's session: no cookie, permission, storage of
 * the app's origin (local, IndexedDB, caches, service workers), route or offline switch. Call at
 * the top of a test file; use the returned page() inside tests.
 *
 * By default the file's tests share one browser profile (the worker's folder, e2e/global-setup.ts)
 * and the profile's state is cleared between tests instead of making a new context: the profile
 * keeps the app's scripts compiled, so a page opens in about half the CPU time. A blank page stays
 * open the whole file: with no page left, Chromium dropped that gain (measured, docs/testing.md).
 */
export function useBrowserPage(options: Options = {}): { page: () => Page } {
  let browser: Browser | undefined;
  let profile: BrowserContext | undefined;
  let anchor: Page | undefined;
  let context: BrowserContext | undefined;
  let current: Page | undefined;
  // Uncaught exceptions in the app fail the test even when the screen looks right.
  let pageErrors: string[] = [];

  beforeAll(async () => {
    if (options.contextPerTest) browser = await launchBrowser();
    else {
      profile = await launchProfile(provided('profileDir'), {
        baseURL: provided('baseUrl'),
        viewport: VIEWPORT,
      });
      anchor = profile.pages()[0] ?? (await profile.newPage());
    }
  });
  afterAll(async () => {
    await browser?.close();
    await profile?.close();
  });
  beforeEach(async () => {
    if (browser) {
      context = await browser.newContext({ baseURL: provided('baseUrl'), viewport: VIEWPORT });
      current = await context.newPage();
    } else {
      if (!profile || !anchor) throw new Error('browser did not start');
      context = profile;
      current = await context.newPage();
      await forgetSession(profile, current);
    }
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    pageErrors = [];
    current.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterEach(async () => {
    if (browser) await context?.close();
    else for (const open of profile?.pages() ?? []) if (open !== anchor) await open.close();
    if (pageErrors.length > 0)
      throw new Error(`Uncaught errors in the page:\n${pageErrors.join('\n')}`);
  });

  return {
    page: () => {
      if (!current) throw new Error('page() is only available inside a test');
      return current;
    },
  };
}

/** Clears what a test may have left in the shared profile, before the next test's page loads. */
async function forgetSession(profile: BrowserContext, page: Page): Promise<void> {
  await profile.clearCookies();
  await profile.clearPermissions();
  await profile.setOffline(false);
  await profile.unrouteAll({ behavior: 'ignoreErrors' });
  const cdp: CDPSession = await profile.newCDPSession(page);
  try {
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(provided('baseUrl')).origin,
      storageTypes: 'cookies,local_storage,indexeddb,cache_storage,service_workers,file_systems',
    });
  } finally {
    await cdp.detach();
  }
}
