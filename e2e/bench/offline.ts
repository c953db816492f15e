/**
 * How fast My schedule opens offline from the service worker (the target:
 * under 1 s; docs/performance.md), on a phone's viewport in Debian's Chromium against the
 * built server on a fresh data folder. The linked viewer opens /my-schedule
 * online once (the worker installs and keeps the shell; the page keeps the
 * schedule), then the context goes offline and the page is reloaded
 * OFFLINE_RUNS times (default 15). Each figure is the page's own clock
 * (performance.now(), from the reload's navigation start) when "Your
 * schedule as of …" entered the page, read by a MutationObserver: a
 * Playwright wait polls at up to 500 ms and would measure its own polling.
 * The same number of online reloads, to the next job's card, is the
 * reference in the same run.
 * Run: npm run build, then npm run bench:offline. Not a test: it prints a
 * table; the figures go to docs/performance.md.
 */
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { apiToken } from '../support/api';
import { CHROMIUM_PATH } from '../support/browser';
import { startFreshServer } from '../support/server';
import { linkedViewer, VIEWER } from './linked-viewer';

const RUNS = Number(process.env.OFFLINE_RUNS ?? 15);
/** The next job's card online (linked-viewer.ts), and the kept copy's line offline. */
const ONLINE_TEXT = 'LH Clinic';
const OFFLINE_TEXT = 'Your schedule as of';

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

/** Records, in every document, when a text first appears: window.__shown[text] = performance.now(). */
function watchTexts(texts: readonly string[]): void {
  const shown: Record<string, number> = {};
  (window as unknown as { __shown: Record<string, number> }).__shown = shown;
  new MutationObserver(() => {
    const body = document.body?.innerText ?? '';
    for (const text of texts)
      if (shown[text] === undefined && body.includes(text)) shown[text] = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** Milliseconds from each reload's navigation start to `text` in the page. */
async function reloads(page: Page, text: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.reload({ waitUntil: 'commit' });
    await page.getByText(text).first().waitFor();
    times.push(
      await page.evaluate(
        (key) => (window as unknown as { __shown: Record<string, number> }).__shown[key]!,
        text,
      ),
    );
  }
  return times;
}

async function main(): Promise<void> {
  const server = await startFreshServer('offline-bench');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
  try {
    const adminToken = await apiToken(server.baseUrl, server.admin);
    await linkedViewer(server.baseUrl, adminToken);
    const token = await apiToken(server.baseUrl, VIEWER);
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.addInitScript(watchTexts, [ONLINE_TEXT, OFFLINE_TEXT]);
    await page.goto('/login');
    await page.evaluate((value) => localStorage.setItem('meridian.token', value), token);
    await page.goto('/my-schedule');
    const card = page.getByRole('region', { name: 'Next jobs' }).getByText(ONLINE_TEXT);
    await card.waitFor();
    // The worker controls the page once its shell is cached (e2e/tests/my-schedule.test.ts).
    await page.waitForFunction(
      async () =>
        navigator.serviceWorker.controller !== null &&
        (await (await caches.open('meridian-shell-v1')).keys()).length > 2,
      undefined,
      { polling: 100, timeout: 30_000 },
    );
    const online = await reloads(page, ONLINE_TEXT);
    await context.setOffline(true);
    const offline = await reloads(page, OFFLINE_TEXT);
    await context.setOffline(false);

    console.log('| case | loads | median ms | p90 ms | max ms |');
    console.log('|---|---:|---:|---:|---:|');
    for (const [name, times] of [
      ['offline, from the service worker', offline],
      ['online (reference)', online],
    ] as const)
      console.log(
        `| ${name} | ${times.length} | ${quantile(times, 0.5).toFixed(0)} | ${quantile(times, 0.9).toFixed(0)} | ${Math.max(...times).toFixed(0)} |`,
      );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
