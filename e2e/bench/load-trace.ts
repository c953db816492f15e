/**
 * Where a cold load's main-thread time goes after the first paint, for an A/B of
 * two web builds in one run: Debian's Chromium with its CPU slowed 4x (as
 * Lighthouse's mobile preset counts it), a trace of each load of /login (as a
 * guest) and /my-schedule (as the linked viewer), and per run:
 * - blocking: the sum over tasks after the first contentful paint of their time
 *   beyond 50 ms (Lighthouse's total blocking time, observed rather than simulated);
 * - busy: the main thread's whole time in tasks after that paint;
 * - lazy compile: V8 compiling functions on the main thread when first called;
 * - background compile: V8 compiling on other threads.
 * Lighthouse itself (bench:lighthouse) attaches its coverage and network
 * instrumentation, and on these 2-core machines its score for the same build
 * moves by 10 points from run to run, so an A/B of a small change needs this
 * instead: each run loads every build in turn, on the same machine's load.
 *
 * Run: npm run build, then npm run bench:load-trace. LOAD_TRACE_BUILDS=a,b
 * (folders holding a web build, such as copies of apps/web/.dist/<stamp>)
 * measures each in turn: apps/web/dist points at each while its server
 * starts, and back where it was at the end. LOAD_TRACE_RUNS (default 5),
 * LOAD_TRACE_PAGES (default /login,/my-schedule). Not a test: it prints a
 * table for docs/performance.md.
 */
import { readlinkSync, renameSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { apiToken } from '../support/api';
import { CHROMIUM_PATH } from '../support/browser';
import { startFreshServer } from '../support/server';
import { linkedViewer, VIEWER } from './linked-viewer';

const RUNS = Number(process.env.LOAD_TRACE_RUNS ?? 5);
const PAGES = (process.env.LOAD_TRACE_PAGES ?? '/login,/my-schedule').split(',');
const DIST_LINK = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const BUILDS = process.env.LOAD_TRACE_BUILDS?.split(',').map((dir) => path.resolve(dir)) ?? [null];

/** Points apps/web/dist at `target` in one rename, as a build publishes itself. */
function pointDist(target: string): void {
  const next = `${DIST_LINK}.load-trace`;
  symlinkSync(target, next);
  renameSync(next, DIST_LINK);
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** The figures of one load's trace, in milliseconds of the 4x-slowed main thread. */
function figures(events: TraceEvent[]) {
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: TraceEvent) => mains.has(`${e.pid}:${e.tid}`);
  const paint = events.filter((e) => e.name === 'firstContentfulPaint').pop();
  if (!paint) throw new Error('load-trace: the page painted nothing');
  const total = (pick: (e: TraceEvent) => boolean) =>
    Math.round(
      events.filter((e) => e.ph === 'X' && pick(e)).reduce((sum, e) => sum + (e.dur ?? 0), 0) /
        1000,
    );
  const after = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && e.ts > paint.ts,
  );
  return {
    blocking: Math.round(after.reduce((sum, e) => sum + Math.max(0, (e.dur ?? 0) / 1000 - 50), 0)),
    busy: Math.round(after.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000),
    lazyCompile: total((e) => e.name === 'V8.CompileCode' && onMain(e)),
    backgroundCompile: total((e) => !onMain(e) && e.name === 'BackgroundCompileTask::Run'),
  };
}

/** One cold load of `url` in a new context, with `token` in its storage when signed in. */
async function traceLoad(browser: Browser, origin: string, url: string, token: string | null) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    if (token) {
      await page.goto(`${origin}/login`);
      await page.evaluate((value) => localStorage.setItem('meridian.token', value), token);
      await page.goto('about:blank');
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (batch) =>
      events.push(...(batch.value as unknown as TraceEvent[])),
    );
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories:
        'devtools.timeline,disabled-by-default-devtools.timeline,v8,disabled-by-default-v8.compile,loading',
      transferMode: 'ReportEvents',
    });
    await page.goto(url, { waitUntil: 'load' });
    // The app's start, its requests and its first screen: quiet well before this on this machine.
    await page.waitForTimeout(8_000);
    await cdp.send('Tracing.end');
    await complete;
    return figures(events);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const original = readlinkSync(DIST_LINK);
  const servers = [];
  try {
    for (const build of BUILDS) {
      if (build) pointDist(build);
      // The server reads the build the link names when it starts (scripts/build/versioned-dist.mjs).
      const server = await startFreshServer('load-trace');
      servers.push({ build: build ?? original, server });
      const adminToken = await apiToken(server.baseUrl, server.admin);
      await linkedViewer(server.baseUrl, adminToken);
    }
  } finally {
    pointDist(original);
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  try {
    console.log(
      '| run | build | page | blocking (ms) | busy (ms) | lazy compile (ms) | background compile (ms) |',
    );
    console.log('|---:|---|---|---:|---:|---:|---:|');
    for (let run = 1; run <= RUNS; run++)
      for (const { build, server } of servers)
        for (const page of PAGES) {
          const token = page === '/login' ? null : await apiToken(server.baseUrl, VIEWER);
          const f = await traceLoad(browser, server.baseUrl, `${server.baseUrl}${page}`, token);
          console.log(
            `| ${run} | ${path.basename(build)} | ${page} | ${f.blocking} | ${f.busy} | ${f.lazyCompile} | ${f.backgroundCompile} |`,
          );
        }
  } finally {
    await browser.close();
    for (const { server } of servers) await server.stop();
  }
}

await main();
