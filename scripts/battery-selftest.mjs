#!/usr/bin/env node
// The battery's self-test: runs battery parts at small
// counts against a deliberately broken build and shows the rows that must
// catch it fail, then runs the same parts against the real build and shows
// none fails. The broken build is the real server behind a proxy
// (scripts/battery/fault-proxy.mjs) that answers 401 to the lists, drops
// streams' final events, or lets a schedule import write half its rows; the
// server carries no test switch. Writes nothing to docs/. Exit code 1 when a
// broken build passes or the real one fails a row that is not a time (a
// restart or latency row can miss from the machine's load alone; those are
// listed, with the load). Takes about 4 minutes on an idle machine, 7 at load
// 26, so it is not part of npm test; scripts/test/battery-verdict.test.mjs
// holds the judgements and the proxy's faults at unit scale.
//   npm run battery:selftest [-- --db embedded,postgres] [--port N]
import { parseArgs } from 'node:util';
import { DATABASES } from './battery/options.mjs';
import { runBattery } from './battery/run.mjs';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { db: { type: 'string' }, port: { type: 'string' } },
});
const databases = values.db === undefined ? ['embedded'] : values.db.split(',');
for (const db of databases) if (!DATABASES.includes(db)) throw new Error(`--db: unknown ${db}`);
const port = Number(values.port ?? 18170);

const SMALL = {
  'import-kills': 3,
  'put-kills': 2,
  'first-kills': 2,
  generated: 20,
  mutated: 20,
  rounds: 5,
  writers: 10,
  disconnects: 6,
  streams: 20,
  jobs: 2000,
  connections: [20],
  seconds: 5,
  signins: 200,
  addresses: 25,
  concurrency: 50,
  'xlsx-seconds': 5,
  targets: ['list'],
};

/** Each fault, the part that must catch it, and the row that must fail. */
const CASES = [
  { fault: 'list-401', part: 'load', row: /^GET \/api\/v1\/jobs\/.*: answers by status/ },
  { fault: 'drop-final', part: 'streams', row: /^streams that never reached their final event/ },
  { fault: 'partial-import', part: 'crash-import', row: /^baseline imports/ },
];

const missed = (run) => run.rows.filter((r) => r.ok === false).map((r) => r.check);
/**
 * Rows whose target is a time (restarts, latencies): on this shared machine
 * they can miss on the real build from its load alone, so the real build's
 * verdict leaves them out and the table lists them with the load.
 */
const isTiming = (check) => /restart|latency|p99|\(ms\b|\(s, wall\)/.test(check);
const outcome = [];
let wrong = 0;
for (const db of databases) {
  for (const { fault, part, row } of CASES) {
    const base = { databases: [db], parts: [part], port, counts: SMALL, write: false };
    const broken = (await runBattery({ ...base, fault }))[`${db}:${part}`];
    const real = (await runBattery(base))[`${db}:${part}`];
    const caught = broken.error === undefined && missed(broken).some((check) => row.test(check));
    const passes = real.error === undefined && missed(real).every(isTiming);
    if (!caught || !passes) wrong++;
    outcome.push({
      db,
      part,
      fault,
      'broken build: rows missed': missed(broken).join(' | ') || broken.error || 'none',
      'caught by the row meant to': caught ? 'yes' : 'NO',
      'real build: rows missed': missed(real).join(' | ') || real.error || 'none',
      'real build: load before / after': `${real.loadBefore} / ${real.loadAfter}`,
      'real build passes': passes ? 'yes' : 'NO',
    });
  }
}
console.table(outcome);
console.log(
  wrong === 0
    ? 'battery self-test: every broken build failed its row, the real build passed'
    : `battery self-test: ${wrong} case(s) wrong`,
);
process.exitCode = wrong === 0 ? 0 : 1;
