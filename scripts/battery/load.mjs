// Load: autocannon on loopback against the job list (10,000 jobs), sign-in and
// an SSE stream, at each connection count; a side client meanwhile times the
// answers that refuse work (429 or 503), which must come in under 100 ms.
// The server sheds what is beyond its per-node bounds (SHED_* settings) with
// 503 and Retry-After, so a 503 is an overload answer here, not a failure;
// any other 5xx is.
import { fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { ADMIN, ROOT, api, send, signIn, sleep, start, stop, upload } from './server.mjs';
import { importRoster, scheduleCsv } from './data.mjs';
import { awaitTask } from './tasks.mjs';
import { judgeAnswers, p99 } from './verdict.mjs';

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
    const ok = await Promise.race([
      send(`${server.base}/api/v1/health`).then((r) => r.status === 200),
      sleep(5000).then(() => false),
    ]).catch(() => false);
    if (ok && performance.now() - sent < 1000) break;
    await sleep(1000);
  }
  return (performance.now() - began) / 1000;
}

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
      const made = await api(server, 'POST', '/api/v1/admin/users', {
        username,
        email: `${username}@example.invalid`,
        password,
        role: 'manager',
      });
      if (made.status !== 201 && made.status !== 200)
        throw new Error(`making user ${username} answered ${made.status}`);
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
        // The list, or its 503 when the list class is full (load shedding).
        allowed: [200, 503],
        options: {
          url: `${server.base}/api/v1/jobs/`,
          headers: { authorization: `Bearer ${server.token}`, ...BROWSER_ENCODING },
        },
      },
      {
        key: 'sse',
        name: 'SSE stream of a finished optimisation',
        // The stream, or 503 when the stream class is full; no user holds more than its cap.
        allowed: [200, 503],
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
        // A token, or the rate limit's 429, or 503 when the sign-in class is full.
        allowed: [200, 429, 503],
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
        const judged = judgeAnswers(byCode, t.allowed, result.errors, result.timeouts);
        const label = `${t.name}, ${connections} connections, ${counts.seconds} s`;
        record(
          `${label}: requests, p50 / p99 latency (ms)`,
          `${result.requests.total}, ${result.latency.p50} / ${result.latency.p99}`,
          'info',
          true,
        );
        // Every answer by its status: a 4xx (a list answering 401) or a connection error
        // fails the row as a 5xx does; and some answers must have done the work (2xx).
        record(
          `${label}: answers by status, connection errors (timeouts included), timeouts`,
          `${JSON.stringify(byCode)}, ${result.errors}, ${result.timeouts}`,
          `only ${t.allowed.join(', ')}, some 2xx, 0 errors`,
          judged.ok,
          result.requests.total + result.errors,
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
            times.length,
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
