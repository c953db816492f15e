#!/usr/bin/env node
// The reliability battery: runs the built server
// on 127.0.0.1 only, attacks it with crashes, bad and hostile files,
// concurrent edits, stream cuts, load and abusive sign-ins, prints a table per
// part and records the figures in docs/reliability.json and
// docs/reliability.md. A row that claims a target states its sample size and
// says 'too few' under 20 samples (scripts/battery/verdict.mjs). Not part of
// npm test; `npm run battery:selftest` shows its rows fail against a broken
// build. `npm run battery -- --help` lists the parts and counts.
import { readOptions } from './battery/options.mjs';
import { failed, runBattery } from './battery/run.mjs';

const options = readOptions(process.argv.slice(2));
const runs = await runBattery(options);
const all = Object.values(runs);
const rows = all.flatMap((run) => run.rows);
console.log(
  `${all.filter(failed).length} of ${all.length} part runs failed; rows: ${rows.filter((r) => r.ok === true).length} met, ${rows.filter((r) => r.ok === false).length} missed, ${rows.filter((r) => r.ok === 'too few').length} too few samples`,
);
process.exitCode = all.some(failed) ? 1 : 0;
