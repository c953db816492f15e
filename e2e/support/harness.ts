import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { provided } from './provided';

/** How long a locator waits for the app; the server is local, so this is generous. */
const ACTION_TIMEOUT_MS = 10_000;

/**
 * One browser per test file and a fresh context (empty localStorage) per
 * test. Call at the top of a test file; use the returned page() inside tests.
 */
export function useBrowserPage(): { page: () => Page } {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let current: Page | undefined;
  // Uncaught exceptions in the app fail the test even when the screen looks right.
  let pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('browser did not start');
    context = await browser.newContext({
      baseURL: provided('baseUrl'),
      viewport: { width: 1366, height: 860 },
    });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    current = await context.newPage();
    pageErrors = [];
    current.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterEach(async () => {
    await context?.close();
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
