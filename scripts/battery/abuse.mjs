// Abuse: sign-ins with 1 MB usernames from many loopback addresses (each a
// client of its own to the server, as addresses rotated by an attacker), a 429
// honoured by waiting its Retry-After and trying again; the server's resident
// memory must stay under 300 MB. Then a planted file in the server's temporary
// folder must never run.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { MB, ROOT, api, probe, rss, sleep, start, stop, upload } from './server.mjs';
import { importRoster, scheduleCsv } from './data.mjs';
import { awaitTask } from './tasks.mjs';

// Under the 1 MiB body limit, so the request reaches the sign-in code itself.
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
          resolve({ status: res.statusCode, retryAfter: Number(res.headers['retry-after'] ?? 1) }),
        );
      },
    );
    req.on('error', () => resolve({ status: 0, retryAfter: 1 }));
    req.end(BODY);
  });
}

export async function abuse(target, port, counts, record) {
  // The sign-in rate limit at its default: addresses rotate to get round it, as an attacker's would.
  const server = await start(target, port, { AUTH_RATE_PER_MINUTE: '30' });
  const baseline = rss(server.child.pid);
  let peak = baseline;
  const answers = {};
  let retries = 0;
  let next = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(server.child.pid))), 200);
  const began = performance.now();
  const worker = async () => {
    while (next < counts.signins) {
      const i = next++;
      const address = `127.0.${1 + Math.floor((i % counts.addresses) / 250)}.${1 + (i % 250)}`;
      for (;;) {
        const { status, retryAfter } = await post(server, address);
        answers[status] = (answers[status] ?? 0) + 1;
        if (status !== 429) break;
        retries++;
        await sleep(Math.min(retryAfter, 60) * 1000);
      }
    }
  };
  await Promise.all(Array.from({ length: counts.concurrency }, worker));
  clearInterval(sampler);
  const seconds = (performance.now() - began) / 1000;
  const memory = (await probe(server)).memory;
  await stop(server);
  const fivexx = Object.entries(answers)
    .filter(([s]) => Number(s) >= 500)
    .reduce((n, [, c]) => n + c, 0);
  const label = `${counts.signins} sign-ins with 1 MB usernames from ${counts.addresses} addresses (${seconds.toFixed(0)} s)`;
  record(
    `${label}: answers (429s waited out and retried: ${retries})`,
    JSON.stringify(answers),
    'no 200 or 5xx',
    fivexx === 0 && !answers[200],
  );
  // "0": the connection closed before an answer was read. The sign-in route's body limit is
  // 16 KB, so the server answers 413 from the headers and may close while the body is still sent.
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
