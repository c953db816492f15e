// Runs battery parts and collects their rows: the battery (scripts/battery.mjs)
// and its self-test (scripts/battery-selftest.mjs) both run parts this way.
import { abuse, planted } from './abuse.mjs';
import { badFiles } from './bad-files.mjs';
import { concurrentEdits } from './concurrent-edits.mjs';
import { firstStartKills, importKills, putKills } from './crashes.mjs';
import { hostileXlsx } from './hostile-xlsx.mjs';
import { load } from './load.mjs';
import { partCounts } from './options.mjs';
import { loadAverage, machine, saveRun } from './report.mjs';
import { startFaultProxy, useFault } from './server.mjs';
import { streams } from './streams.mjs';
import { cleanUp, freshTarget } from './targets.mjs';
import { recorder } from './verdict.mjs';

const RUNNERS = {
  'crash-import': (t, port, c, record) => importKills(t, port, c['import-kills'], record),
  'crash-put': (t, port, c, record) => putKills(t, port, c['put-kills'], record),
  'crash-first': (t, port, c, record) => firstStartKills(t, port, c['first-kills'], record),
  'bad-files': badFiles,
  'hostile-xlsx': hostileXlsx,
  edits: concurrentEdits,
  streams,
  load,
  abuse,
  planted: (t, port, _c, record) => planted(t, port, record),
};

/** Runs one part on one database and answers its run (date, load, counts, rows, error). */
export async function runPart(db, part, { port, counts, write }) {
  const rows = [];
  const { used, reduced } = partCounts(part, counts);
  const began = new Date();
  const loadBefore = loadAverage();
  console.log(`${began.toISOString()} ${db} ${part} ${JSON.stringify(used)} (load ${loadBefore})`);
  let error;
  try {
    const target = await freshTarget(db, part, port);
    await RUNNERS[part](target, port, counts, recorder(rows));
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
    console.error(`${db} ${part} stopped: ${error}`);
  }
  const run = {
    date: began.toISOString(),
    seconds: Math.round((Date.now() - began.getTime()) / 1000),
    loadBefore,
    loadAfter: loadAverage(),
    machine: machine(),
    counts: used,
    reduced,
    rows,
    ...(error === undefined ? {} : { error }),
  };
  console.table(rows);
  if (write) await saveRun(`${db}:${part}`, run);
  return run;
}

/** Whether a run failed: an error, or a row whose target was missed ('too few' is not a miss). */
export const failed = (run) => run.error !== undefined || run.rows.some((r) => r.ok === false);

/**
 * Runs every part on every database of `options`; with `options.fault`, each
 * server is behind the fault proxy (the self-test's broken build). Answers the
 * runs keyed `db:part`.
 */
export async function runBattery(options) {
  const runs = {};
  let stopProxy;
  if (options.fault !== undefined) {
    useFault(options.fault);
    stopProxy = await startFaultProxy(options.port);
  }
  try {
    for (const db of options.databases)
      for (const part of options.parts) runs[`${db}:${part}`] = await runPart(db, part, options);
  } finally {
    cleanUp();
    if (stopProxy !== undefined) await stopProxy();
    useFault(null);
  }
  return runs;
}
