// Abuse: 1 MB sign-in bodies from many loopback addresses (each a client of
// its own to the server, as addresses rotated by an attacker), a 429 honoured
// by waiting its Retry-After and trying again; the server's resident memory
// must stay under 300 MB. Each body carries the administrator's real username
// and password and a 1 MB field beside them, so only the route's 16 KB body
// limit stands between it and a token: "no 200" is what the limit holds, not
// a username that cannot exist. Each refused sign-in (413) counts against its
// address, so after
// LOGIN_FAILURES_PER_ADDRESS of them the address is answered 429 from the
// headers, body unread. The battery sets LOGIN_LOCK_SECONDS=1 (the default
// lock is 60 s) so that 10,000 sign-ins with their waits fit in minutes. Then a planted file in the server's temporary
// folder must never run.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, MB, ROOT, api, probe, rss, signIn, sleep, start, stop, upload } from './server.mjs';
import { importRoster, scheduleCsv } from './data.mjs';
import { awaitTask } from './tasks.mjs';

const LOCK_SECONDS = 1;
// Form fields the sign-in schema ignores are dropped, so were the body read, it would sign in.
const BODY = `${new URLSearchParams(ADMIN).toString()}&padding=${'u'.repeat(1_000_000)}`;
/** What a 1 MB sign-in may be answered: 413 (over the body limit) or 429 (address locked). */
const ALLOWED = [413, 429];

function post(server, localAddress) {
  return new Promise((resolve) => {
    const req = http.request(
      `${server.base}/api/v1/token`,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(BODY),
        },
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            retryAfter:
              res.headers['retry-after'] === undefined ? null : Number(res.headers['retry-after']),
          }),
        );
      },
    );
    req.on('error', () => resolve({ status: 0, retryAfter: null }));
    req.end(BODY);
  });
}

export async function abuse(target, port, counts, record) {
  // The throttle at its default count with a short lock (see above). The per-address request
  // rate limit stays at the launcher's 100000: its 429s would say "in 60 s", the throttle's "in 1 s".
  const server = await start(target, port, { LOGIN_LOCK_SECONDS: String(LOCK_SECONDS) });
  // The same credentials in a small body do sign in (start() signed in the same way).
  const control = await signIn(server.base, ADMIN.username, ADMIN.password);
  const baseline = rss(server.child.pid);
  let samples = 0;
  let peak = baseline;
  const answers = {};
  let retries = 0;
  let waitedMs = 0;
  let withoutRetryAfter = 0;
  const retryAfters = {};
  let next = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss(server.child.pid));
    samples++;
  }, 200);
  const began = performance.now();
  // Each client keeps one address (clients share addresses when there are more of them), so a
  // locked address is met again within its lock and its 429 must be waited out.
  const worker = async (client) => {
    const a = client % counts.addresses;
    const address = `127.0.${1 + Math.floor(a / 250)}.${1 + (a % 250)}`;
    while (next < counts.signins) {
      next++;
      for (;;) {
        const { status, retryAfter } = await post(server, address);
        answers[status] = (answers[status] ?? 0) + 1;
        if (status !== 429) break;
        retries++;
        if (retryAfter === null || !(retryAfter > 0)) withoutRetryAfter++;
        const wait = Math.min(retryAfter ?? 1, 60);
        retryAfters[wait] = (retryAfters[wait] ?? 0) + 1;
        const waitBegan = performance.now();
        await sleep(wait * 1000);
        waitedMs += performance.now() - waitBegan;
      }
    }
  };
  await Promise.all(Array.from({ length: counts.concurrency }, (_, client) => worker(client)));
  clearInterval(sampler);
  const seconds = (performance.now() - began) / 1000;
  const memory = (await probe(server)).memory;
  await stop(server);
  const label = `${counts.signins} sign-ins of 1 MB carrying the administrator's real username and password, by ${counts.concurrency} clients from ${counts.addresses} addresses, throttle lock ${LOCK_SECONDS} s (${seconds.toFixed(0)} s)`;
  record(
    'control: the same username and password in a small body answer',
    control.status,
    200,
    control.status === 200,
  );
  // "0": the connection closed before an answer was read. The server answers 413 or 429 from the
  // headers (body limit 16 KB; locked address) and may close while the body is still sent.
  const unexpected = Object.entries(answers)
    .filter(([s]) => s !== '0' && !ALLOWED.includes(Number(s)))
    .reduce((n, [, c]) => n + c, 0);
  const total = Object.values(answers).reduce((n, c) => n + c, 0);
  record(
    `${label}: answers (429s waited out and retried: ${retries}; 0 = closed unanswered)`,
    JSON.stringify(answers),
    `only ${ALLOWED.join(', ')} (no 200, no 5xx)`,
    unexpected === 0,
    total,
  );
  record(
    `429 answers honoured: waited their Retry-After and retried (Retry-After values seen, s: ${JSON.stringify(retryAfters)}; ${(waitedMs / 1000).toFixed(0)} s waited over ${counts.concurrency} clients)`,
    retries,
    '> 0',
    retries > 0,
  );
  record(
    '429 answers without a Retry-After',
    withoutRetryAfter,
    '0',
    withoutRetryAfter === 0,
    retries,
  );
  record('connections closed before an answer was read ("0" above)', answers[0] ?? 0, 'info', true);
  record('server RSS before them (MB)', MB(baseline), 'info', true);
  record(
    'server RSS growth during them (MB)',
    MB(peak - baseline),
    '< 100',
    peak - baseline < 100 * 2 ** 20,
    samples,
  );
  record(
    'server peak RSS during them (MB, sampled every 200 ms)',
    MB(peak),
    '< 300',
    peak < 300 * 2 ** 20,
    samples,
  );
  record(
    'server memory after them: V8 heap / external incl. PGlite heap (MB)',
    `${MB(memory.heapTotal)} / ${MB(memory.external)}`,
    'info',
    true,
  );
}

/**
 * Where the optimizer once bundled its solve worker and loaded it from when
 * present: <tmpdir>/meridian-solve-worker-<hash>.mjs, hashed over the
 * optimizer's and the domain's sources and the lock file (as
 * packages/optimizer/test/built-workers.test.ts computes it).
 */
function oldBundleName() {
  const hash = createHash('sha256');
  const visit = (file) => {
    if (!existsSync(file)) return;
    if (file.endsWith('.json') || /\.m?[jt]s$/.test(file)) {
      hash.update(file).update(readFileSync(file));
      return;
    }
    let names;
    try {
      names = readdirSync(file).sort();
    } catch {
      return;
    }
    for (const name of names) visit(path.join(file, name));
  };
  const dir = path.join(ROOT, 'packages/optimizer');
  for (const root of ['src', '../domain/src', '../../package-lock.json'])
    visit(path.join(dir, root));
  return `meridian-solve-worker-${hash.digest('hex').slice(0, 16)}.mjs`;
}

export async function planted(target, port, record) {
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-battery-tmp-'));
  const marker = path.join(mkdtempSync(path.join(os.tmpdir(), 'meridian-battery-marker-')), 'ran');
  const code = `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'planted code ran');\n`;
  const names = [
    oldBundleName(),
    'solve-worker.mjs',
    'solve-worker.js',
    'highs-worker.js',
    'minisat-worker.js',
  ];
  for (const name of names) writeFileSync(path.join(tmpDir, name), code);
  const server = await start({ ...target, tmpDir }, port, { OPTIMIZE_TIME_LIMIT_SECONDS: '3' });
  const runs = {};
  try {
    await importRoster(server);
    const status = await upload(
      server,
      '/api/v1/schedules/upload',
      's.csv',
      scheduleCsv(30, 'Planted'),
    );
    if (status !== 200) throw new Error(`the schedule's import answered ${status}`);
    // The algorithms that start solver threads of each kind: portfolio members, HiGHS, MiniSat.
    for (const algorithm of ['portfolio', 'milp', 'cp_sat']) {
      let id;
      for (let tries = 0; tries < 60 && id === undefined; tries++) {
        const res = await api(
          server,
          'POST',
          `/api/v1/optimize/assign?algorithm=${algorithm}&apply=false`,
        );
        if (res.status === 202) id = res.body.task_id;
        else {
          runs[algorithm] = `not started: ${res.status} ${JSON.stringify(res.body)}`;
          await sleep(1000);
        }
      }
      if (id === undefined) continue;
      runs[algorithm] = await awaitTask(server, id, `/api/v1/optimize/stream/${id}`);
    }
  } finally {
    await stop(server);
  }
  const ran = existsSync(marker);
  const written = readdirSync(tmpDir).filter((n) => !names.includes(n) && /\.(m?js|cjs)$/.test(n));
  record(
    `planted files in the server's temporary folder (${names.length}), runs ${JSON.stringify(runs)}: planted code ran`,
    ran ? 'yes' : 'no',
    'no',
    !ran && Object.values(runs).every((s) => s === 'complete'),
  );
  record('code files the server wrote there', written.length, 0, written.length === 0);
}
