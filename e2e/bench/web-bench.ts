/**
 * Browser benchmark of the Data Management table (issue 3, performance):
 * time to first rows and number of rendered rows on /import at 100 and 10,000
 * jobs, in Debian's Chromium against the real server on a fresh data folder.
 * Run: npx tsx e2e/bench/web-bench.ts  (needs apps/web/dist: npm run build).
 * Not a test: it prints a table; the figures go to docs/performance.md.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../support/browser';
import { apiToken } from '../support/api';
import { freePort, startServer, stopServer, waitForHealth } from '../support/server';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SIZES = [100, 10_000];
const RUNS = 3;
const ZIPS = ['10016', '02115', '60201', '90048', '33629', '80220', '15212', '66160'];

/** A schedule CSV of n weekday jobs spread over a year. */
function scheduleCsv(n: number): string {
  const lines = ['customer,location,zip_code,package,start,end'];
  const first = Date.UTC(2026, 0, 5);
  for (let i = 0; i < n; i++) {
    const day = new Date(first + (i % 250) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`Bench Site ${i},Street ${i},${ZIPS[i % ZIPS.length]},Linac QA,${day},${day}`);
  }
  return lines.join('\n');
}

async function upload(baseUrl: string, token: string, n: number): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([scheduleCsv(n)], { type: 'text/csv' }), `bench-${n}.csv`);
  const response = await fetch(`${baseUrl}/api/v1/schedules/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload ${n}: ${response.status} ${await response.text()}`);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const admin = { username: 'admin', password: `bench-${randomBytes(6).toString('hex')}` };
  const server = startServer(REPO_ROOT, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    JWT_SECRET: randomBytes(48).toString('base64'),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  });
  const browser = await launchBrowser();
  try {
    await waitForHealth(baseUrl, server, 110_000);
    const token = await apiToken(baseUrl, admin);
    const results: { jobs: number; firstRowsMs: number; renderedRows: number }[] = [];
    for (const size of SIZES) {
      await upload(baseUrl, token, size);
      const times: number[] = [];
      let rendered = 0;
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
        await context.addInitScript(
          (value) => localStorage.setItem('meridian.token', value),
          token,
        );
        const page = await context.newPage();
        const started = performance.now();
        await page.goto(`${baseUrl}/import`);
        await page.locator('tbody tr[data-index]').first().waitFor({ timeout: 60_000 });
        times.push(performance.now() - started);
        rendered = await page.locator('tbody tr[data-index]').count();
        await context.close();
      }
      results.push({ jobs: size, firstRowsMs: Math.round(median(times)), renderedRows: rendered });
    }
    console.log('| jobs | time to first rows (median of 3, ms) | rendered rows |');
    console.log('|---:|---:|---:|');
    for (const row of results)
      console.log(`| ${row.jobs} | ${row.firstRowsMs} | ${row.renderedRows} |`);
    const [small, large] = results;
    if (small && large) {
      const ratio = large.firstRowsMs / small.firstRowsMs;
      console.log(`ratio 10,000 / 100: ${ratio.toFixed(2)} (must stay within 1.5)`);
      if (ratio > 1.5 || large.renderedRows > 60) process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
