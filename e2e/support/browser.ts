import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium; the tests never download a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags that keep Chromium headless, offline from Google services and quiet in containers. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches one browser (support/harness.ts, for files that open contexts of their own). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Launches Chromium on a profile folder (support/harness.ts): one context for the whole file,
 * whose HTTP cache keeps the app's scripts and the code V8 compiled from them.
 */
export function launchProfile(
  dir: string,
  options: { baseURL: string; viewport: { width: number; height: number } },
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    ...options,
  });
}
