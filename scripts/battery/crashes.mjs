// Crash parts: kill -9 during replace-all imports, during bursts of PUTs and
// during a first start; after each, the server must start again (timed, wall
// and CPU) with exactly the old or the new data.
import { api, exited, kill9, launch, sleep, start, stop, upload } from './server.mjs';
import { importRoster, importedAs, scheduleCsv, tables } from './data.mjs';
import { resetTarget } from './targets.mjs';

const UPLOAD = '/api/v1/schedules/upload';

/** Slowest restart figures, recorded the same way by every crash part. */
function restarts() {
  const all = [];
  return {
    add: (server) => all.push({ ms: server.startMs, cpu: server.startCpu }),
    record(record, label) {
      const wall = Math.max(0, ...all.map((r) => r.ms)) / 1000;
      const median = all.map((r) => r.ms).sort((a, b) => a - b)[Math.floor(all.length / 2)] / 1000;
      const cpu = Math.max(0, ...all.map((r) => r.cpu));
      record(
        `${label}: restart, median / slowest (s, wall)`,
        `${median.toFixed(1)} / ${wall.toFixed(1)}`,
        '< 10',
        wall < 10,
        all.length,
      );
      record(`${label}: CPU the slowest-in-CPU restart used (s)`, cpu.toFixed(2), 'info', true);
    },
  };
}

const IMPORT_ROWS = 2000;

export async function importKills(target, port, count, record) {
  let server = await start(target, port);
  await importRoster(server);
  const csv = { old: scheduleCsv(IMPORT_ROWS, 'Old'), new: scheduleCsv(IMPORT_ROWS, 'New') };
  // The two tables every kill must leave one of: each import must answer 200 and hold its
  // whole file, and the two must differ, or "neither old nor new" would prove nothing.
  const baseline = [];
  const began = performance.now();
  const oldStatus = await upload(server, UPLOAD, 'old.csv', csv.old);
  baseline.push(
    `old ${oldStatus}${(await importedAs(server, IMPORT_ROWS, 'Old')) ? '' : ' partial'}`,
  );
  const expected = { old: await tables(server) };
  const importMs = performance.now() - began;
  const newStatus = await upload(server, UPLOAD, 'new.csv', csv.new);
  baseline.push(
    `new ${newStatus}${(await importedAs(server, IMPORT_ROWS, 'New')) ? '' : ' partial'}`,
  );
  expected.new = await tables(server);
  const baselineOk =
    oldStatus === 200 && newStatus === 200 && !baseline.some((b) => b.endsWith('partial'));
  record(
    `baseline imports of ${IMPORT_ROWS} jobs each (old, new): answers, whole tables, tables differ`,
    `${baseline.join(', ')}; ${expected.old === expected.new ? 'same' : 'differ'}`,
    '200, whole, differ',
    baselineOk && expected.old !== expected.new,
  );
  if (!baselineOk) {
    await stop(server);
    return;
  }
  let current = 'new';
  let mixed = 0;
  const outcomes = { old: 0, new: 0 };
  const timing = restarts();
  for (let i = 0; i < count; i++) {
    const next = current === 'new' ? 'old' : 'new';
    const pending = upload(server, UPLOAD, `${next}.csv`, csv[next]).catch(() => 0);
    // Any moment from the request's start to a little past an import's usual end.
    await sleep(Math.random() * importMs * 1.3);
    await kill9(server.child);
    await pending;
    server = await start(target, port);
    timing.add(server);
    const now = await tables(server);
    if (now === expected.old || now === expected.new) {
      current = now === expected.old ? 'old' : 'new';
      outcomes[current === next ? 'new' : 'old']++;
    } else mixed++;
  }
  await stop(server);
  record(
    `kill -9 during a replace-all import x${count}: tables neither old nor new`,
    mixed,
    0,
    mixed === 0,
    count,
  );
  record(
    'import outcomes after restart (kept old / imported new)',
    `${outcomes.old} / ${outcomes.new}`,
    'either',
    true,
  );
  timing.record(record, 'import kills');
}

export async function putKills(target, port, count, record) {
  let server = await start(target, port);
  await importRoster(server);
  const put = await upload(server, UPLOAD, 's.csv', scheduleCsv(200, 'Put'));
  if (put !== 200 || !(await importedAs(server, 200, 'Put')))
    throw new Error(`the 200-job schedule's import answered ${put} or left other rows`);
  let mixed = 0;
  let lostAcked = 0;
  let acked = 0;
  // One burst without a kill first, so the kills land anywhere in a burst's usual length.
  const jobs = (await api(server, 'GET', '/api/v1/jobs/')).body.slice(0, 50);
  const measured = performance.now();
  await Promise.all(
    jobs.map((job) =>
      api(server, 'PUT', `/api/v1/jobs/${job.id}`, {
        ...job,
        customer: `${job.customer} (measured)`,
      }),
    ),
  );
  const burstMs = performance.now() - measured;
  const timing = restarts();
  for (let i = 0; i < count; i++) {
    const before = new Map((await api(server, 'GET', '/api/v1/jobs/')).body.map((j) => [j.id, j]));
    const burst = [...before.values()].sort(() => Math.random() - 0.5).slice(0, 50);
    const sent = new Map(burst.map((job, k) => [job.id, `Burst ${i}-${k}`]));
    const answered = new Map();
    const all = Promise.all(
      burst.map((job) =>
        api(server, 'PUT', `/api/v1/jobs/${job.id}`, { ...job, customer: sent.get(job.id) })
          .then((res) => answered.set(job.id, res.status))
          .catch(() => undefined),
      ),
    );
    await sleep(Math.random() * burstMs * 1.2);
    await kill9(server.child);
    await all;
    server = await start(target, port);
    timing.add(server);
    const after = new Map((await api(server, 'GET', '/api/v1/jobs/')).body.map((j) => [j.id, j]));
    for (const [id, job] of before) {
      const now = after.get(id)?.customer;
      const wrote = sent.get(id);
      if (answered.get(id) === 200) {
        acked++;
        if (now !== wrote) lostAcked++;
      } else if (now !== job.customer && now !== wrote) mixed++;
    }
  }
  await stop(server);
  record(
    `kill -9 during bursts of 50 PUTs x${count}: jobs neither old nor new`,
    mixed,
    0,
    mixed === 0,
    count,
  );
  record(
    `PUTs answered 200 before the kill but lost (of ${acked})`,
    lostAcked,
    0,
    lostAcked === 0,
    acked,
  );
  timing.record(record, 'PUT kills');
}

export async function firstStartKills(target, port, count, record) {
  // A clean first start, for its length and the tables a first import gives.
  const clean = await start(target, port);
  const firstMs = clean.startMs;
  await importRoster(clean);
  const firstImport = await upload(clean, UPLOAD, 's.csv', scheduleCsv(20, 'First'));
  if (firstImport !== 200 || !(await importedAs(clean, 20, 'First')))
    throw new Error(`the first start's import answered ${firstImport} or left other rows`);
  const expected = await tables(clean);
  await stop(clean);
  let broken = 0;
  const timing = restarts();
  for (let i = 0; i < count; i++) {
    await resetTarget(target);
    const first = launch(target, port);
    first.ready.catch(() => undefined);
    await sleep(Math.random() * firstMs);
    await kill9(first.child);
    await exited(first.child);
    let server;
    try {
      server = await start(target, port);
    } catch {
      broken++;
      continue;
    }
    timing.add(server);
    const empty = (await api(server, 'GET', '/api/v1/jobs/')).body;
    await importRoster(server);
    const status = await upload(server, UPLOAD, 's.csv', scheduleCsv(20, 'First'));
    const zips = (await api(server, 'GET', '/api/v1/zip-data')).body;
    const zipOk =
      Array.isArray(zips) && ['10016', '02115'].every((z) => zips.some((r) => r.zip_code === z));
    if (
      !Array.isArray(empty) ||
      empty.length !== 0 ||
      status !== 200 ||
      !zipOk ||
      (await tables(server)) !== expected
    )
      broken++;
    await stop(server);
  }
  record(
    `kill -9 during a first start x${count} (first start took ${(firstMs / 1000).toFixed(1)} s): data folders that did not start clean`,
    broken,
    0,
    broken === 0,
    count,
  );
  timing.record(record, 'first-start kills');
}
