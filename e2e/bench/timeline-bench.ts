/**
 * Browser benchmark of /timeline (docs/performance.md): at 100 jobs and at about
 * 4,000 jobs x 160 physicists over a year, the time from navigation to the
 * grid with its first bars drawn, the bars and rows in the DOM (the
 * virtualisation), and the frame times while scrolling rows and days at week
 * and quarter zoom, in Debian's Chromium against the real server on a fresh
 * data folder, signed in as a manager.
 * Run: npm run bench:timeline  (builds first). Not a test: it prints a table;
 * the figures go to docs/performance.md.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { apiToken, createUser } from '../support/api';
import { startFreshServer } from '../support/server';
import { benchKitNames, benchPhysicists, benchScheduleCsv } from './timeline-plan';

const SIZES = [100, 4_000];
const PHYSICISTS = 160;
const KITS = 60;
const OPEN_RUNS = 3;
/** Frames per scroll pass and pixels per frame (a brisk, steady scroll). */
const SCROLL_FRAMES = 150;
const SCROLL_STEP = 40;
/** The whole bench gives up after this long. */
const BENCH_LIMIT_MS = 10 * 60_000;

async function call(baseUrl: string, token: string, route: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const response = await fetch(`${baseUrl}/api/v1${route}`, { ...init, headers });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

async function upload(baseUrl: string, token: string, csv: string, label: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), `${label}.csv`);
  const body = (await call(baseUrl, token, '/schedules/upload', {
    method: 'POST',
    body: form,
  })) as {
    warnings?: unknown[];
  };
  if (body.warnings?.length) console.log(`${label}: ${body.warnings.length} upload warnings`);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
};

interface ScrollFigures {
  medianMs: number;
  p95Ms: number;
  frames: number;
  maxBars: number;
  /** Pixels actually scrolled (less than frames x step where the content ends). */
  scrolled: number;
}

/**
 * Scrolls the grid by a fixed step in each animation frame (down through the
 * rows, or right through the days) and answers the requestAnimationFrame
 * deltas' median and 95th percentile, and the most bars seen in the DOM.
 */
async function scrollPass(page: Page, axis: 'rows' | 'days'): Promise<ScrollFigures> {
  const result = await page.evaluate(
    ({ axis, frames, step }) =>
      new Promise<{ deltas: number[]; maxBars: number; scrolled: number }>((resolve) => {
        const el = document.querySelector<HTMLElement>('[data-testid="timeline-scroll"]')!;
        // Both passes start at the top rows (the open lane and the leads);
        // the days pass from the plan's first day (the page opens near today).
        el.scrollTop = 0;
        if (axis === 'days') el.scrollLeft = 0;
        const from = axis === 'rows' ? el.scrollTop : el.scrollLeft;
        const deltas: number[] = [];
        let maxBars = 0;
        let last = 0;
        const started = performance.now();
        const tick = (now: number) => {
          if (last) deltas.push(now - last);
          last = now;
          maxBars = Math.max(maxBars, document.querySelectorAll('[data-bar-key]').length);
          if (axis === 'rows') el.scrollTop += step;
          else el.scrollLeft += step;
          // Bounded by frames and by wall time, so a starved machine cannot hang the bench.
          if (deltas.length < frames && performance.now() - started < 30_000)
            requestAnimationFrame(tick);
          else {
            const to = axis === 'rows' ? el.scrollTop : el.scrollLeft;
            resolve({ deltas, maxBars, scrolled: Math.round(to - from) });
          }
        };
        requestAnimationFrame(tick);
      }),
    { axis, frames: SCROLL_FRAMES, step: SCROLL_STEP },
  );
  return {
    medianMs: percentile(result.deltas, 0.5),
    p95Ms: percentile(result.deltas, 0.95),
    frames: result.deltas.length,
    maxBars: result.maxBars,
    scrolled: result.scrolled,
  };
}

interface SizeFigures {
  jobs: number;
  openMs: number[];
  bars: number;
  rows: number;
  scroll: { zoom: string; axis: string; figures: ScrollFigures }[];
}

async function measure(browser: Browser, baseUrl: string, token: string, jobs: number) {
  const out: SizeFigures = { jobs, openMs: [], bars: 0, rows: 0, scroll: [] };
  for (let run = 0; run < OPEN_RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
    await context.addInitScript((value) => localStorage.setItem('meridian.token', value), token);
    // tsx compiles with esbuild's keepNames, which wraps named functions in a
    // __name helper that pages lack; evaluated code needs one that does nothing.
    await context.addInitScript('window.__name = (fn) => fn;');
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${baseUrl}/timeline`);
    await page.locator('[data-bar-key]').first().waitFor({ timeout: 60_000 });
    out.openMs.push(performance.now() - started);
    out.bars = await page.locator('[data-bar-key]').count();
    out.rows = await page.locator('[data-row-key]').count();
    if (run === OPEN_RUNS - 1) {
      for (const zoom of ['Week', 'Quarter']) {
        await page.getByRole('button', { name: zoom, exact: true }).click();
        await page.waitForTimeout(300);
        for (const axis of ['rows', 'days'] as const) {
          out.scroll.push({ zoom, axis, figures: await scrollPass(page, axis) });
        }
      }
    }
    await context.close();
  }
  return out;
}

function report(results: SizeFigures[]): void {
  const ms = (n: number) => n.toFixed(1);
  console.log(
    '\n| jobs | open to first bars, ms (median of 3; each run) | bars in DOM | rows in DOM |',
  );
  console.log('|---:|---|---:|---:|');
  for (const r of results) {
    const each = r.openMs.map((t) => Math.round(t)).join(', ');
    console.log(
      `| ${r.jobs} | ${Math.round(percentile(r.openMs, 0.5))} (${each}) | ${r.bars} | ${r.rows} |`,
    );
  }
  console.log(
    '\n| jobs | zoom | scrolling | frame median, ms | frame p95, ms | frames | px scrolled | most bars in DOM |',
  );
  console.log('|---:|---|---|---:|---:|---:|---:|---:|');
  for (const r of results)
    for (const s of r.scroll) {
      const f = s.figures;
      console.log(
        `| ${r.jobs} | ${s.zoom} | ${s.axis} | ${ms(f.medianMs)} | ${ms(f.p95Ms)} | ${f.frames} | ${f.scrolled} | ${f.maxBars} |`,
      );
    }
}

async function main(): Promise<void> {
  const { baseUrl, admin, stop } = await startFreshServer('tlbench');
  const manager = { username: 'benchmanager', password: `bench-${randomBytes(6).toString('hex')}` };
  const browser = await launchBrowser();
  const limit = setTimeout(() => {
    console.error(`the bench ran past ${BENCH_LIMIT_MS / 60_000} minutes; stopping`);
    process.exitCode = 1;
    void browser.close();
  }, BENCH_LIMIT_MS);
  try {
    const adminToken = await apiToken(baseUrl, admin);
    await createUser(baseUrl, adminToken, {
      ...manager,
      email: 'bench@example.org',
      role: 'manager',
    });
    const token = await apiToken(baseUrl, manager);
    const people = benchPhysicists(PHYSICISTS);
    for (const person of people)
      await call(baseUrl, adminToken, '/physicists/', {
        method: 'POST',
        body: JSON.stringify(person),
      });
    const kits = benchKitNames(KITS);
    for (const [i, name] of kits.entries()) {
      const body = JSON.stringify({
        name,
        current_location_zip: people[i % people.length]!.home_zip,
      });
      await call(baseUrl, adminToken, '/kits/', { method: 'POST', body });
    }
    const results: SizeFigures[] = [];
    for (const size of SIZES) {
      await upload(baseUrl, adminToken, benchScheduleCsv(size, people, kits), `bench-${size}`);
      results.push(await measure(browser, baseUrl, token, size));
    }
    console.log(`${PHYSICISTS} physicists, ${KITS} kits, viewport 1366 x 860`);
    report(results);
  } finally {
    clearTimeout(limit);
    await browser.close();
    await stop();
  }
}

await main();
