/**
 * Browser benchmark of the Data Management table (issue 3, performance):
 * time to first rows and number of rendered rows on /import at 100 and 10,000
 * jobs, in Debian's Chromium against the real server on a fresh data folder.
 * Each size has its own server, and the opens alternate between them
 * (BENCH_OPENS per size, default 7), so both meet the same machine load.
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
// Opens per size, alternating between the sizes: a shared machine's load drifts
// over a minute, and alternation gives both sizes the same drift.
const OPENS = Number(process.env.BENCH_OPENS ?? 7);
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

/** One server on its own data folder holding `jobs` jobs, ready to be opened. */
async function serverWith(jobs: number) {
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
  await waitForHealth(baseUrl, server, 110_000);
  const token = await apiToken(baseUrl, admin);
  await upload(baseUrl, token, jobs);
  const stop = async () => {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  };
  return { jobs, baseUrl, token, stop };
}

async function main(): Promise<void> {
  const servers = [];
  for (const size of SIZES) servers.push(await serverWith(size));
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
