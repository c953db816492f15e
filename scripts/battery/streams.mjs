// Streams: optimisation streams cut at random and resumed with Last-Event-ID
// (no event lost or repeated), then many streams opened and closed with the
// server's sockets and timers back at their baseline.
import { api, probe, sleep, start, stop, upload } from './server.mjs';
import { importRoster, scheduleCsv } from './data.mjs';
import { openStream, readEvents } from './sse.mjs';
import { awaitTask } from './tasks.mjs';
import { MIN_SAMPLES } from './verdict.mjs';

const debug = (...args) => process.env.BATTERY_DEBUG && console.error(...args);
const isFinal = (event) => /"type":"(complete|error)"/.test(event.data);

async function startRun(server) {
  for (;;) {
    const res = await api(
      server,
      'POST',
      '/api/v1/optimize/assign?algorithm=portfolio&apply=false',
    );
    if (res.status === 202) return res.body.task_id;
    // 429 while a previous run of this user is still ending; 503 when the solver threads are all busy.
    if (![409, 429, 503].includes(res.status))
      throw new Error(`optimisation start answered ${res.status}: ${JSON.stringify(res.body)}`);
    await sleep(500);
  }
}

/**
 * Reads consecutive stream answers that ended on their own, without a new
 * event, before a stream is given up as one that never reaches its final
 * event (a server that closes streams early must not keep the part looping).
 */
const STALLED_READS = 3;

async function disconnects(server, count, record) {
  let cuts = 0;
  let lost = 0;
  let duplicated = 0;
  let unfinished = 0;
  let runs = 0;
  let events = 0;
  // Runs go on past the last cut until MIN_SAMPLES streams were read, each to its final event,
  // so the unfinished-streams row rests on enough runs (the cuts alone give about 15).
  while (cuts < count || runs < MIN_SAMPLES) {
    const id = await startRun(server);
    runs++;
    const seen = [];
    let last;
    let final = false;
    let stalled = 0;
    while (!final && stalled < STALLED_READS) {
      const stopAfter = cuts < count ? 1 + Math.floor(Math.random() * 3) : Infinity;
      const read = await readEvents(server, `/api/v1/optimize/stream/${id}`, {
        lastEventId: last,
        stopAfter,
      });
      debug('read', id, last, stopAfter, read.status, read.events.length, read.cut);
      // 204: the server says the client already has the final event; only true if it has.
      if (read.status === 204) break;
      if (read.status !== 200) throw new Error(`stream answered ${read.status}`);
      for (const event of read.events) {
        seen.push(Number(event.id));
        last = event.id;
        if (isFinal(event)) final = true;
      }
      if (read.timedOut) break;
      if (read.cut) cuts++;
      else if (!final) stalled++;
    }
    events += seen.length;
    const unique = new Set(seen);
    duplicated += seen.length - unique.size;
    const top = Math.max(0, ...seen);
    for (let n = 1; n <= top; n++) if (!unique.has(n)) lost++;
    if (!final) unfinished++;
  }
  record(
    `${cuts} forced disconnects over ${runs} optimisation streams, resumed with Last-Event-ID (${events} events): lost`,
    lost,
    0,
    lost === 0,
    events,
  );
  record('events delivered twice', duplicated, 0, duplicated === 0, events);
  record(
    'streams that never reached their final event (complete or error)',
    unfinished,
    0,
    unfinished === 0,
    runs,
  );
}

/** Sockets, timers and all active handles of the server. */
async function counts(server) {
  const { resources } = await probe(server);
  return {
    sockets: resources.TCPSocketWrap ?? 0,
    timers: resources.Timeout ?? 0,
    all: Object.values(resources).reduce((a, b) => a + b, 0),
  };
}

const same = (a, b) => a.sockets === b.sockets && a.timers === b.timers && a.all === b.all;

/**
 * The server's counts once they hold still: the same in two samples 2 s apart
 * (at most `ms`). The battery's own requests close their connections after
 * each answer, so the server's sockets are its listener, its database
 * connections and open streams.
 */
async function steady(server, ms) {
  const began = performance.now();
  let before = await counts(server);
  for (;;) {
    await sleep(2000);
    const now = await counts(server);
    if (same(before, now) || performance.now() - began > ms) return now;
    before = now;
  }
}

/**
 * Waits until the counts equal `baseline` (at most `ms`); answers the last
 * counts and how long they took to settle.
 */
async function settled(server, baseline, ms) {
  const began = performance.now();
  let now = await counts(server);
  while (!same(now, baseline) && performance.now() - began < ms) {
    await sleep(1000);
    now = await counts(server);
  }
  return { ...now, seconds: (performance.now() - began) / 1000 };
}

async function openClose(server, count, record) {
  const baseline = await steady(server, 30_000);
  const id = await startRun(server);
  let opened = 0;
  const statuses = {};
  while (opened < count) {
    // Ten at a time: the per-user cap on open streams.
    debug('open batch', opened);
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - opened) }, (_, k) =>
        openStream(
          server,
          (opened + k) % 2 === 0 ? `/api/v1/optimize/stream/${id}` : '/api/v1/notifications/stream',
        ),
      ),
    );
    for (const s of batch) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
    await sleep(200);
    await Promise.all(batch.map((s) => s.close()));
    opened += batch.length;
  }
  // Let the run end, so that its own timers are gone too.
  await awaitTask(server, id, `/api/v1/optimize/stream/${id}`);
  const after = await settled(server, baseline, 80_000);
  const label = `${count} streams opened and closed (answers ${JSON.stringify(statuses)}); settled after ${after.seconds.toFixed(0)} s (at most 80)`;
  const allOpened = (statuses[200] ?? 0) === count;
  record(`${label}: streams answered 200`, statuses[200] ?? 0, count, allOpened, count);
  record(
    'sockets before / after',
    `${baseline.sockets} / ${after.sockets}`,
    'equal',
    after.sockets === baseline.sockets,
    count,
  );
  record(
    'timers before / after',
    `${baseline.timers} / ${after.timers}`,
    'equal',
    after.timers === baseline.timers,
    count,
  );
  record(
    'all active handles before / after',
    `${baseline.all} / ${after.all}`,
    'equal',
    after.all === baseline.all,
    count,
  );
}

export async function streams(target, port, counts, record) {
  const server = await start(target, port);
  await importRoster(server);
  const status = await upload(
    server,
    '/api/v1/schedules/upload',
    's.csv',
    scheduleCsv(60, 'Stream'),
  );
  if (status !== 200) throw new Error(`the schedule's import answered ${status}`);
  try {
    await disconnects(server, counts.disconnects, record);
    await openClose(server, counts.streams, record);
  } finally {
    await stop(server);
  }
}
