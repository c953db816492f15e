/**
 * A Chromium CPU profile of opening /import (Data Management), to see where
 * the time between the jobs answer and the first rows goes. Starts a server
 * holding PROFILE_JOBS jobs (default 10,000), opens /import PROFILE_OPENS
 * times (default 3) with the V8 sampling profiler on (CDP Profiler, 100 us
 * samples), and prints, summed over the opens, the self and total time of the
 * functions that ran after the jobs answer had arrived, and the time from
 * that answer to the first row. For readable names build the web app
 * unminified first (`npx vite build --minify false` in apps/web).
 * Run: npx tsx e2e/bench/import-profile.ts  (needs the build). Not a test.
 */
import { writeFile } from 'node:fs/promises';
import { launchBrowser } from '../support/browser';
import { serverWithJobs } from './import-jobs';

const JOBS = Number(process.env.PROFILE_JOBS ?? 10_000);
const OPENS = Number(process.env.PROFILE_OPENS ?? 3);
const TOP = Number(process.env.PROFILE_TOP ?? 40);

/** The parts of a CDP Profiler.Profile this program reads. */
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

interface FunctionTimes {
  selfUs: number;
  totalUs: number;
}

/** A readable label of a profile node's function: name, file and line. */
function label(frame: CallFrame): string {
  const file = frame.url.split('/').pop() || '(native)';
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

/**
 * Adds to `times` the self and total microseconds of each function over the
 * samples taken at or after `fromUs` (the profile's clock). A function that
 * is on the stack twice counts once towards its total.
 */
function addWindow(
  profile: Profile,
  fromUs: number,
  toUs: number,
  times: Map<string, FunctionTimes>,
): number {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let at = profile.startTime;
  let windowUs = 0;
  for (let i = 0; i < samples.length; i++) {
    at += deltas[i] ?? 0;
    const next = (deltas[i + 1] ?? 0) > 0 ? deltas[i + 1]! : 0;
    if (at < fromUs || at > toUs || next === 0) continue;
    const node = byId.get(samples[i]!)!;
    const name = label(node.callFrame);
    windowUs += next;
    const entry = times.get(name) ?? { selfUs: 0, totalUs: 0 };
    entry.selfUs += next;
    times.set(name, entry);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const stackName = label(byId.get(id)!.callFrame);
      if (seen.has(stackName)) continue;
      seen.add(stackName);
      const onStack = times.get(stackName) ?? { selfUs: 0, totalUs: 0 };
      onStack.totalUs += next;
      times.set(stackName, onStack);
    }
  }
  return windowUs;
}

async function main(): Promise<void> {
  const server = await serverWithJobs(JOBS);
  const browser = await launchBrowser();
  const times = new Map<string, FunctionTimes>();
  const answerToRows: number[] = [];
  let windowUs = 0;
  try {
    for (let open = 0; open < OPENS; open++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      await context.addInitScript(
        (value) => localStorage.setItem('meridian.token', value),
        server.token,
      );
      await context.addInitScript(() => {
        // The wall-clock time the first job row is in the DOM.
        const observer = new MutationObserver(() => {
          if (!document.querySelector('tbody tr[data-index]')) return;
          (window as unknown as { firstRowAt: number }).firstRowAt =
            performance.timeOrigin + performance.now();
          observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      let answerAt = 0;
      // Network events carry both clocks; the page's first-row time is wall-clock.
      let wallMinusMonotonicMs = 0;
      const jobsRequests = new Set<string>();
      cdp.on('Network.requestWillBeSent', (event) => {
        wallMinusMonotonicMs = event.wallTime * 1000 - event.timestamp * 1000;
      });
      cdp.on('Network.responseReceived', (event) => {
        if (new URL(event.response.url).pathname === '/api/v1/jobs/')
          jobsRequests.add(event.requestId);
      });
      cdp.on('Network.loadingFinished', (event) => {
        if (jobsRequests.has(event.requestId)) answerAt = event.timestamp * 1e6;
      });
      await cdp.send('Network.enable');
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await page.goto(`${server.baseUrl}/import`);
      await page.locator('tbody tr[data-index]').first().waitFor({ timeout: 60_000 });
      const { profile } = await cdp.send('Profiler.stop');
      const rowWallMs = await page.evaluate(
        () => (window as unknown as { firstRowAt: number }).firstRowAt,
      );
      const rowsAt = (rowWallMs - wallMinusMonotonicMs) * 1000;
      if (!answerAt) throw new Error('no answer to GET /api/v1/jobs/ was seen');
      windowUs += addWindow(profile, answerAt, rowsAt, times);
      answerToRows.push((rowsAt - answerAt) / 1000);
      if (process.env.PROFILE_SAVE) {
        // For a closer look (Chromium's DevTools loads .cpuprofile files); the window is in microseconds.
        const file = `${process.env.PROFILE_SAVE}-${open}.cpuprofile`;
        await writeFile(file, JSON.stringify({ ...profile, window: [answerAt, rowsAt] }));
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const ms = (us: number) => (us / 1000 / OPENS).toFixed(1);
  console.log(`${JOBS} jobs, ${OPENS} opens; per open, from the jobs answer to the first row:`);
  console.log(`jobs answer to first row, ms: ${answerToRows.map((v) => v.toFixed(0)).join(', ')}`);
  console.log(`sampled ms per open: ${ms(windowUs)}`);
  const rows = [...times.entries()];
  console.log('\nby self time (ms per open):');
  for (const [name, t] of rows.sort((a, b) => b[1].selfUs - a[1].selfUs).slice(0, TOP))
    console.log(`${ms(t.selfUs).padStart(8)} ${ms(t.totalUs).padStart(8)}  ${name}`);
  console.log('\nby total time (ms per open):');
  for (const [name, t] of rows.sort((a, b) => b[1].totalUs - a[1].totalUs).slice(0, TOP))
    console.log(`${ms(t.selfUs).padStart(8)} ${ms(t.totalUs).padStart(8)}  ${name}`);
}

await main();
