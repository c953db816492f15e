#!/usr/bin/env node
// The reliability battery (issue 12): runs the built server on 127.0.0.1 only,
// attacks it with crashes, bad files, concurrent edits, stream cuts, load and
// abusive sign-ins, prints a table per part and records the figures in
// docs/reliability.json and docs/reliability.md. Not part of npm test.
// `npm run battery -- --help` lists the parts and counts.
import { abuse, planted } from './battery/abuse.mjs';
import { badFiles } from './battery/bad-files.mjs';
import { concurrentEdits } from './battery/concurrent-edits.mjs';
import { firstStartKills, importKills, putKills } from './battery/crashes.mjs';
import { load } from './battery/load.mjs';
import { partCounts, readOptions } from './battery/options.mjs';
import { loadAverage, machine, saveRun } from './battery/report.mjs';
import { streams } from './battery/streams.mjs';
import { cleanUp, freshTarget } from './battery/targets.mjs';

const RUNNERS = {
  'crash-import': (t, port, c, record) => importKills(t, port, c['import-kills'], record),
  'crash-put': (t, port, c, record) => putKills(t, port, c['put-kills'], record),
  'crash-first': (t, port, c, record) => firstStartKills(t, port, c['first-kills'], record),
  'bad-files': badFiles,
  edits: concurrentEdits,
  streams,
  load,
  abuse,
  planted: (t, port, _c, record) => planted(t, port, record),
};

const options = readOptions(process.argv.slice(2));
let failed = false;
try {
  for (const db of options.databases) {
    for (const part of options.parts) {
      const rows = [];
      const record = (check, measured, target, ok) => rows.push({ check, measured, target, ok });
      const { used, reduced } = partCounts(part, options.counts);
      const began = new Date();
      const loadBefore = loadAverage();
      console.log(
        `${began.toISOString()} ${db} ${part} ${JSON.stringify(used)} (load ${loadBefore})`,
      );
      let error;
      try {
        const target = await freshTarget(db, part);
        await RUNNERS[part](target, options.port, options.counts, record);
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
      if (error !== undefined || rows.some((r) => !r.ok)) failed = true;
      if (options.write) await saveRun(`${db}:${part}`, run);
    }
  }
} finally {
  cleanUp();
}
process.exitCode = failed ? 1 : 0;
