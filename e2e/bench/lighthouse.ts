/**
 * Lighthouse (the pinned devDependency, 12.2.3) with its default mobile preset
 * (Moto G Power emulation, simulated slow 4G and 4x CPU throttling) on /login
 * as a guest and on /my-schedule as a linked regular user, in Debian's
 * Chromium against the built server on a fresh data folder (the target:
 * accessibility 100, best practices 96 or more with no CSP issue,
 * performance 90 or more). Each page (LH_PAGES, default both) is measured LH_RUNS times (default 3);
 * the run of median performance is printed, then each run's timings and
 * Lighthouse's benchmarkIndex for this machine.
 * Run: npm run build, then npm run bench:lighthouse. Not a test: it prints a
 * table; the figures go to docs/performance.md. LH_JSON_DIR=folder also
 * writes each run's report there (<page>-<run>.json) for its diagnostics:
 * bootup-time, mainthread-work-breakdown, long-tasks, the LCP element.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { apiToken } from '../support/api';
import { CHROMIUM_PATH } from '../support/browser';
import { startFreshServer } from '../support/server';
import { linkedViewer, VIEWER } from './linked-viewer';

const RUNS = Number(process.env.LH_RUNS ?? 3);
/** LH_PAGES=/my-schedule measures one page only (for an A/B of two builds with more runs). */
const PAGES = (process.env.LH_PAGES ?? '/login,/my-schedule').split(',');
const JSON_DIR = process.env.LH_JSON_DIR;

interface Audit {
  score: number | null;
  numericValue?: number;
  details?: {
    items?: Record<string, unknown>[];
    overallSavingsBytes?: number;
    summary?: { wastedMs?: number };
  };
}
interface Result {
  /** Set when Lighthouse could not measure the load (e.g. NO_NAVSTART: no trace recorded). */
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
  environment: { benchmarkIndex: number };
}

/** Puts the viewer's token in the page's storage and empties the HTTP cache (a cold load). */
async function signInBrowser(port: number, baseUrl: string, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.evaluate((value) => localStorage.setItem('meridian.token', value), token);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    // The app's service worker keeps the built files it served: a cold load starts without it.
    await cdp.send('Storage.clearDataForOrigin', {
      origin: baseUrl,
      storageTypes: 'service_workers,cache_storage',
    });
    await page.close();
  } finally {
    // Disconnects only: the browser belongs to chrome-launcher.
    await browser.close();
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

/** The figures of one run. */
function figures(lhr: Result) {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  const issues = lhr.audits['inspector-issues']?.details?.items ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    jsBytes: scripts.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0),
    jsFiles: scripts.length,
    unusedJsBytes: lhr.audits['unused-javascript']?.details?.overallSavingsBytes ?? 0,
    // Main-thread time (ms, under the 4x slowdown) by kind; script evaluation is the app's own.
    mainThread: Object.fromEntries(
      (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [
        String(item.group),
        Math.round(Number(item.duration)),
      ]),
    ),
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).length,
    // Lighthouse's own measure of this machine's speed. Its 4x slowdown multiplies the times it
    // observed here, so a faster machine scores better on the same build: compare figures only
    // beside this index (docs/performance.md).
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    issues,
    failing: Object.entries(lhr.audits)
      .filter(([, audit]) => audit.score !== null && audit.score < 0.9)
      .map(([id]) => id),
    cspIssues: issues.filter((item) => /content ?security ?policy|csp/i.test(JSON.stringify(item)))
      .length,
  };
}

async function main(): Promise<void> {
  const server = await startFreshServer('lighthouse');
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const adminToken = await apiToken(server.baseUrl, server.admin);
    await linkedViewer(server.baseUrl, adminToken);
    const viewerToken = await apiToken(server.baseUrl, VIEWER);
    const rows: [string, ReturnType<typeof figures>, ReturnType<typeof figures>[]][] = [];
    const unmeasured: string[] = [];
    for (const path of PAGES) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const signedIn = path !== '/login';
        let lhr: Result | null = null;
        // A run Lighthouse could not measure (it scores every metric 0) is said and made again,
        // at most twice, rather than counted as a score of 0.
        for (let attempt = 0; attempt < 3 && lhr === null; attempt++) {
          if (signedIn) await signInBrowser(chrome.port, server.baseUrl, viewerToken);
          const result = await lighthouse(`${server.baseUrl}${path}`, {
            port: chrome.port,
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            // The guest page starts from empty storage; the signed-in page keeps the token set above.
            disableStorageReset: signedIn,
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
          const answer = result.lhr as unknown as Result;
          if (answer.runtimeError)
            unmeasured.push(`${path} run ${run}: ${answer.runtimeError.code}`);
          else lhr = answer;
        }
        if (lhr === null) throw new Error(`Lighthouse could not measure ${path} in three attempts`);
        runs.push(figures(lhr));
        if (JSON_DIR) {
          mkdirSync(JSON_DIR, { recursive: true });
          const name = `${path === '/login' ? 'login' : 'my-schedule'}-${run}.json`;
          writeFileSync(`${JSON_DIR}/${name}`, JSON.stringify(lhr));
        }
      }
      const byScore = [...runs].sort((a, b) => a.performance - b.performance);
      rows.push([path, byScore[Math.floor(byScore.length / 2)]!, runs]);
    }
    console.log(
      `| page | performance | accessibility | best practices | SEO | LCP | TBT | JS (compressed, files) | unused JS | CSP issues |`,
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const [path, f] of rows) {
      console.log(
        `| ${path} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${(f.lcpMs / 1000).toFixed(1)} s | ${f.tbtMs} ms | ${kib(f.jsBytes)} (${f.jsFiles}) | ${kib(f.unusedJsBytes)} | ${f.cspIssues} |`,
      );
    }
    for (const [path, f, runs] of rows) {
      console.log(
        `${path} main thread (ms, 4x): ${JSON.stringify(f.mainThread)}; long tasks: ${f.longTasks}`,
      );
      const each = (pick: (run: (typeof runs)[number]) => number) => runs.map(pick).join(', ');
      console.log(
        `${path} each run in order: performance ${each((r) => r.performance)}; FCP ms ${each((r) => r.fcpMs)}; LCP ms ${each((r) => r.lcpMs)}; TBT ms ${each((r) => r.tbtMs)}; benchmarkIndex ${each((r) => r.benchmarkIndex)}`,
      );
    }
    for (const [path, f] of rows) {
      console.log(`${path} audits under 0.9: ${f.failing.join(', ')}`);
      console.log(`${path} issues logged: ${JSON.stringify(f.issues)}`);
    }
    if (unmeasured.length > 0) console.log(`not measured, so made again: ${unmeasured.join('; ')}`);
    console.log(`median of ${RUNS} runs per page (by performance score)`);
  } finally {
    chrome.kill();
    await server.stop();
  }
}

await main();
