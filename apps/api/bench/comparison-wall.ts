/**
 * The wall time of one algorithm comparison on a running server, as a user
 * meets it: from POST /analytics/compare_algorithms to the stream's final
 * message, with each algorithm's outcome line and the load average before
 * and after (docs/performance.md, "The algorithm comparison").
 * Run: start the demo (`cd apps/api && DATA_DIR=/tmp/cmpdemo PORT=8131 node dist/main.js --demo`),
 * then `npx tsx apps/api/bench/comparison-wall.ts http://127.0.0.1:8131 admin PASSWORD`.
 */
import { readFileSync } from 'node:fs';
import { CompareStreamMessageSchema } from '@meridian/contracts';

const [base, username, password] = process.argv.slice(2);
if (base === undefined || username === undefined || password === undefined) {
  console.error('usage: comparison-wall.ts BASE_URL USERNAME PASSWORD');
  process.exit(2);
}
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const token = (await fetch(`${base}/api/v1/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ username, password }),
}).then((r) => r.json())) as { access_token: string };
const auth = { authorization: `Bearer ${token.access_token}` };
const loadBefore = load();
const started = performance.now();
const { task_id } = (await fetch(`${base}/api/v1/analytics/compare_algorithms`, {
  method: 'POST',
  headers: auth,
}).then((r) => r.json())) as { task_id: string };
const body = await fetch(`${base}/api/v1/analytics/compare_stream/${task_id}`, {
  headers: { ...auth, accept: 'text/event-stream' },
}).then((r) => r.text());
const wall = (performance.now() - started) / 1000;
const messages = body
  .split('\n\n')
  .map((event) =>
    event
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5))
      .join(''),
  )
  .filter((data) => data !== '')
  .map((data) => CompareStreamMessageSchema.parse(JSON.parse(data)));
const last = messages.at(-1);
console.log(
  `wall ${wall.toFixed(1)} s, ${messages.length} messages, ends '${last?.type}'; load ${loadBefore} before, ${load()} after`,
);
if (last?.type === 'complete') {
  for (const [key, result] of Object.entries(last.results)) {
    console.log(`${key.padEnd(22)} ${result.summary ?? result.error}`);
  }
}
