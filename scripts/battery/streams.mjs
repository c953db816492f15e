// Streams: optimisation streams cut at random and resumed with Last-Event-ID
// (no event lost or repeated), then many streams opened and closed with the
// server's sockets and timers back at their baseline.
import { api, probe, sleep, start, stop, upload } from './server.mjs';
import { importRoster, scheduleCsv } from './data.mjs';
import { openStream, readEvents } from './sse.mjs';
import { awaitTask } from './tasks.mjs';

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

async function disconnects(server, count, record) {
  let cuts = 0;
  let lost = 0;
  let duplicated = 0;
  let unfinished = 0;
  let runs = 0;
  let events = 0;
  while (cuts < count) {
    const id = await startRun(server);
    runs++;
    const seen = [];
    let last;
    for (;;) {
      const stopAfter = cuts < count ? 1 + Math.floor(Math.random() * 3) : Infinity;
      const read = await readEvents(server, `/api/v1/optimize/stream/${id}`, {
        lastEventId: last,
        stopAfter,
      });
      debug('read', id, last, stopAfter, read.status, read.events.length, read.cut);
      if (read.status === 204) break; // the client already has the final event
      if (read.status !== 200) throw new Error(`stream answered ${read.status}`);
      for (const event of read.events) {
        seen.push(Number(event.id));
        last = event.id;
      }
      if (read.events.length > 0 && isFinal(read.events.at(-1))) break;
      if (read.timedOut) break;
      if (read.cut) cuts++;
    }
    events += seen.length;
    const unique = new Set(seen);
    duplicated += seen.length - unique.size;
    const top = Math.max(...seen);
    for (let n = 1; n <= top; n++) if (!unique.has(n)) lost++;
    if (last === undefined) unfinished++;
  }
  record(
    `${cuts} forced disconnects over ${runs} optimisation streams, resumed with Last-Event-ID (${events} events): lost`,
    lost,
    0,
    lost === 0,
  );
  record('events delivered twice', duplicated, 0, duplicated === 0);
  record('streams that never reached their final event', unfinished, 0, unfinished === 0);
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

/**
 * Waits until the counts are at `baseline` or below (idle keep-alive sockets
 * of the battery's own client close after a few seconds), at most `ms`;
 * answers the last counts and how long they took to settle.
 */
async function settled(server, baseline, ms) {
  const began = performance.now();
  let now = await counts(server);
  while (performance.now() - began < ms) {
    if (now.sockets <= baseline.sockets && now.timers <= baseline.timers && now.all <= baseline.all)
      break;
    await sleep(1000);
    now = await counts(server);
  }
  return { ...now, seconds: (performance.now() - began) / 1000 };
}

async function openClose(server, count, record) {
  await sleep(6000);
  const baseline = await counts(server);
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
  // 80 s: an idle keep-alive connection of our own client is closed by the server's
  // keep-alive timeout (72 s), which is how a real client's idle socket ends too.
  const after = await settled(server, baseline, 80_000);
  record(
    `${count} streams opened and closed (answers ${JSON.stringify(statuses)}); settled after ${after.seconds.toFixed(0)} s (at most 80): sockets before / after`,
    `${baseline.sockets} / ${after.sockets}`,
    'equal',
    after.sockets <= baseline.sockets,
  );
  record(
    'timers before / after',
    `${baseline.timers} / ${after.timers}`,
    'equal',
    after.timers <= baseline.timers,
  );
  record(
    'all active handles before / after',
    `${baseline.all} / ${after.all}`,
    'equal',
    after.all <= baseline.all,
  );
}

export async function streams(target, port, counts, record) {
  const server = await start(target, port);
  await importRoster(server);
  await upload(server, '/api/v1/schedules/upload', 's.csv', scheduleCsv(60, 'Stream'));
  try {
    await disconnects(server, counts.disconnects, record);
    await openClose(server, counts.streams, record);
  } finally {
    await stop(server);
  }
}
