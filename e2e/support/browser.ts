import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium, for the benches that measure the browser users run (e2e/bench/). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Debian's build of Chromium's headless shell, for the tests: the same engine without the
 * browser's interface, so a file costs about a fifth less CPU (scheduling-screens 25.1 s
 * against 20.2 s, docs/testing.md). The tests never download a browser.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

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
  return chromium.launch({
    executablePath: HEADLESS_SHELL_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
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
    executablePath: HEADLESS_SHELL_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    ...options,
  });
}
