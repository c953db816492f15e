/**
 * Browser benchmark of the Data Management table (docs/performance.md):
 * time to first rows and number of rendered rows on /import at 100 and 10,000
 * jobs, in Debian's Chromium against the real server on a fresh data folder.
 * Each size has its own server, and the opens alternate between them
 * (BENCH_OPENS per size, default 7), so both meet the same machine load.
 * Run: npx tsx e2e/bench/web-bench.ts  (needs apps/web/dist: npm run build).
 * Not a test: it prints a table; the figures go to docs/performance.md.
 */
import { launchBrowser } from '../support/browser';
import { serverWithJobs } from './import-jobs';

const SIZES = [100, 10_000];
// Opens per size, alternating between the sizes: a shared machine's load drifts
// over a minute, and alternation gives both sizes the same drift.
const OPENS = Number(process.env.BENCH_OPENS ?? 7);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const servers = [];
  for (const size of SIZES) servers.push(await serverWithJobs(size));
  const browser = await launchBrowser();
  try {
    const times = new Map<number, number[]>(SIZES.map((size) => [size, []]));
    const rendered = new Map<number, number>();
    for (let open = 0; open < OPENS; open++) {
      for (const { jobs, baseUrl, token } of servers) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
        await context.addInitScript(
          (value) => localStorage.setItem('meridian.token', value),
          token,
        );
        const page = await context.newPage();
        const started = performance.now();
        await page.goto(`${baseUrl}/import`);
        await page.locator('tbody tr[data-index]').first().waitFor({ timeout: 60_000 });
        times.get(jobs)?.push(performance.now() - started);
        rendered.set(jobs, await page.locator('tbody tr[data-index]').count());
        await context.close();
      }
    }
    const results = SIZES.map((size) => ({
      jobs: size,
      firstRowsMs: Math.round(median(times.get(size) ?? [])),
      renderedRows: rendered.get(size) ?? 0,
    }));
    console.log(`| jobs | time to first rows (median of ${OPENS}, ms) | rendered rows |`);
    console.log('|---:|---:|---:|');
    for (const row of results)
      console.log(`| ${row.jobs} | ${row.firstRowsMs} | ${row.renderedRows} |`);
    const [small, large] = results;
    if (small && large) {
      const ratio = large.firstRowsMs / small.firstRowsMs;
      console.log(`ratio 10,000 / 100: ${ratio.toFixed(2)} (issue 9's target: within 1.2)`);
      if (ratio > 1.5 || large.renderedRows > 60) process.exitCode = 1;
    }
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
  }
}

await main();
