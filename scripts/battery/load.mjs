// Load: autocannon on loopback against the job list (10,000 jobs), sign-in and
// an SSE stream, at each connection count; a side client meanwhile times the
// answers that refuse work (429 or 503), which must come in under 100 ms.
// The server sheds what is beyond its per-node bounds (SHED_* settings) with
// 503 and Retry-After, so a 503 is an overload answer here, not a failure;
// any other 5xx is.
import { fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { ADMIN, ROOT, api, signIn, sleep, start, stop, upload } from './server.mjs';
import { importRoster, scheduleCsv } from './data.mjs';
import { awaitTask } from './tasks.mjs';

// 200 connections over 25 users: 8 open streams each, under the per-user cap of 10; 25 sign-ins
// stay under the 30 a minute this part allows one address.
const STREAM_USERS = 25;
const PROBE = path.join(ROOT, 'scripts/battery/refusal-probe.mjs');
// What browsers send: the cached lists are kept precompressed, so the 10,000-job list goes as
// about a tenth of its 5 MB of JSON (docs/reliability.md gives both).
const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br' };

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ timeout: 10, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * Times every 429/503 answer to `request` (url, method, headers, body), sent
 * every 100 ms from a process of its own, on connections it opened before
 * `startLoad()` began; also counts the other answers, the requests never
 * answered and the connections it opened.
 */
async function refusalTimes(request, startLoad) {
  const child = fork(PROBE, [JSON.stringify(request)], { stdio: 'ignore' });
  const ready = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the refusal probe exited (${code})`)));
  });
  if (ready !== 'ready') throw new Error('the refusal probe did not get ready');
  // The report comes only after 'stop'.
  const reported = new Promise((resolve) => child.once('message', resolve));
  const result = await startLoad();
  child.send('stop');
  const probe = await reported;
  return { result, probe };
}

/**
 * Waits until the server answers a health check within a second (at most 3
 * minutes): requests of clients that gave up are still served, so without
 * this one target's backlog would be measured as the next one's latency.
 */
async function drained(server) {
  const began = performance.now();
  while (performance.now() - began < 180_000) {
    const sent = performance.now();
    const ok = await fetch(`${server.base}/api/v1/health`, { signal: AbortSignal.timeout(5000) })
      .then(async (r) => (await r.arrayBuffer(), r.ok))
      .catch(() => false);
    if (ok && performance.now() - sent < 1000) break;
    await sleep(1000);
  }
  return (performance.now() - began) / 1000;
}

const p99 = (list) =>
  list.sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * 0.99))] ?? 0;

export async function load(target, port, counts, record) {
  // The sign-in rate limit at its default, so sign-in load meets the real refusals.
  const server = await start(target, port, { AUTH_RATE_PER_MINUTE: '30' });
  try {
    await importRoster(server);
    const status = await upload(
      server,
      '/api/v1/schedules/upload',
      'big.csv',
      scheduleCsv(counts.jobs, 'Load'),
    );
    if (status !== 200) throw new Error(`the ${counts.jobs}-job import answered ${status}`);
    // Streams are capped at 10 per user, so the stream load signs in as several users.
    const tokens = [];
    for (let u = 0; u < STREAM_USERS; u++) {
      const username = `viewer${u}`;
      const password = `battery-viewer-${u}-password`;
      await api(server, 'POST', '/api/v1/admin/users', {
        username,
        email: `${username}@example.invalid`,
        password,
        role: 'manager',
      });
      const res = await signIn(server.base, username, password);
      if (res.status !== 200) throw new Error(`viewer sign-in answered ${res.status}`);
      tokens.push(res.body.access_token);
    }
    const task = (
      await api(server, 'POST', '/api/v1/optimize/assign?algorithm=heuristic&apply=false')
    ).body.task_id;
    const ended = await awaitTask(server, task, `/api/v1/optimize/stream/${task}`);
    if (ended !== 'complete')
      throw new Error(`the optimisation whose stream is loaded ended ${ended}`);
    let connection = 0;
    const targets = [
      {
        key: 'list',
        name: `GET /api/v1/jobs/ (${counts.jobs} jobs, compressed as browsers ask)`,
        options: {
          url: `${server.base}/api/v1/jobs/`,
          headers: { authorization: `Bearer ${server.token}`, ...BROWSER_ENCODING },
        },
      },
      {
        key: 'sse',
        name: 'SSE stream of a finished optimisation',
        options: {
          url: `${server.base}/api/v1/optimize/stream/${task}`,
          // One user per connection, as a browser tab is: a connection's streams never
          // overlap, so no user holds more than connections / STREAM_USERS streams at once.
          setupClient: (client) =>
            client.setHeaders({
              accept: 'text/event-stream',
              authorization: `Bearer ${tokens[connection++ % tokens.length]}`,
            }),
        },
        probe: {
          url: `${server.base}/api/v1/optimize/stream/${task}`,
          headers: { accept: 'text/event-stream', authorization: `Bearer ${server.token}` },
        },
      },
      {
        key: 'token',
        name: 'POST /api/v1/token (rate limit 30/min per address)',
        options: {
          url: `${server.base}/api/v1/token`,
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(ADMIN).toString(),
        },
      },
    ];
    for (const t of targets.filter((x) => counts.targets.includes(x.key))) {
      for (const connections of counts.connections) {
        const { result, probe } = await refusalTimes(t.probe ?? t.options, () =>
          run({ ...t.options, connections, duration: counts.seconds }),
        );
        const times = probe.times;
        const byCode = Object.fromEntries(
          Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
        );
        const shed = byCode['503'] ?? 0;
        const otherFivexx = result['5xx'] - shed;
        const codes = {
          '2xx': result['2xx'],
          '4xx': result['4xx'],
          503: shed,
          'other 5xx': otherFivexx,
        };
        const label = `${t.name}, ${connections} connections, ${counts.seconds} s`;
        record(
          `${label}: requests, p50 / p99 latency (ms)`,
          `${result.requests.total}, ${result.latency.p50} / ${result.latency.p99}`,
          'info',
          true,
        );
        record(
          `${label}: answers, errors, timeouts`,
          `${JSON.stringify(codes)}, ${result.errors}, ${result.timeouts}`,
          '0 5xx but 503, 0 timeouts',
          result.timeouts === 0 && otherFivexx === 0,
        );
        // Every sample counts: a probe request with no answer is reported, never dropped.
        if (times.length > 0 || probe.failed > 0)
          record(
            `${label}: 429/503 answers timed aside on 4 connections opened before the load, each asking again 400 ms after its last answer (n=${times.length}; ${probe.other} other answers, ${probe.failed} unanswered, over ${probe.connections} connection(s)), p99 / slowest (ms)`,
            times.length === 0
              ? 'none'
              : `${p99(times).toFixed(0)} / ${Math.max(...times).toFixed(0)}`,
            '< 100',
            probe.failed === 0 && times.length > 0 && Math.max(...times) < 100,
          );
        const drainSeconds = await drained(server);
        record(
          `${label}: seconds until the server answered a health check within 1 s again`,
          drainSeconds.toFixed(0),
          'info',
          true,
        );
      }
    }
  } finally {
    await stop(server);
  }
}
