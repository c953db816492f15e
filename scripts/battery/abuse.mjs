// Abuse: sign-ins with 1 MB usernames from many loopback addresses (each a
// client of its own to the server, as addresses rotated by an attacker), a 429
// honoured by waiting its Retry-After and trying again; the server's resident
// memory must stay under 300 MB. Each refused sign-in (413: over the route's
// 16 KB body limit) counts against its address, so after
// LOGIN_FAILURES_PER_ADDRESS of them the address is answered 429 from the
// headers, body unread. The battery sets LOGIN_LOCK_SECONDS=1 (the default
// lock is 60 s) so that 10,000 sign-ins with their waits fit in minutes. Then a planted file in the server's temporary
// folder must never run.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { MB, ROOT, api, probe, rss, sleep, start, stop, upload } from './server.mjs';
import { importRoster, scheduleCsv } from './data.mjs';
import { awaitTask } from './tasks.mjs';

const LOCK_SECONDS = 1;
const USERNAME = 'u'.repeat(1_000_000);
const BODY = `username=${USERNAME}&password=x`;

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
  const baseline = rss(server.child.pid);
  let peak = baseline;
  const answers = {};
  let retries = 0;
  let waitedMs = 0;
  let withoutRetryAfter = 0;
  const retryAfters = {};
  let next = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(server.child.pid))), 200);
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
  const fivexx = Object.entries(answers)
    .filter(([s]) => Number(s) >= 500)
    .reduce((n, [, c]) => n + c, 0);
  const label = `${counts.signins} sign-ins with 1 MB usernames by ${counts.concurrency} clients from ${counts.addresses} addresses, throttle lock ${LOCK_SECONDS} s (${seconds.toFixed(0)} s)`;
  record(
    `${label}: answers (429s waited out and retried: ${retries})`,
    JSON.stringify(answers),
    'no 200 or 5xx',
    fivexx === 0 && !answers[200],
  );
  // "0": the connection closed before an answer was read. The server answers 413 or 429 from the
  // headers (body limit 16 KB; locked address) and may close while the body is still sent.
  record(
    `429 answers honoured: waited their Retry-After and retried (Retry-After values seen, s: ${JSON.stringify(retryAfters)}; ${(waitedMs / 1000).toFixed(0)} s waited over ${counts.concurrency} clients)`,
    retries,
    '> 0',
    retries > 0,
  );
  record('429 answers without a Retry-After', withoutRetryAfter, '0', withoutRetryAfter === 0);
  record('connections closed before an answer was read ("0" above)', answers[0] ?? 0, 'info', true);
  record('server RSS before them (MB)', MB(baseline), 'info', true);
  record(
    'server RSS growth during them (MB)',
    MB(peak - baseline),
    '< 100',
    peak - baseline < 100 * 2 ** 20,
  );
  record('server peak RSS during them (MB)', MB(peak), '< 300', peak < 300 * 2 ** 20);
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
    await upload(server, '/api/v1/schedules/upload', 's.csv', scheduleCsv(30, 'Planted'));
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
