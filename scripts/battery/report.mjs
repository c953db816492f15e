// The battery's record: docs/reliability.json keeps the latest run of each
// part on each database (its date, load, counts and rows), and
// docs/reliability.md is written from it, so parts run at different times
// each keep their own date and load.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { PARTS } from './options.mjs';
import { ROOT } from './server.mjs';

const JSON_FILE = path.join(ROOT, 'docs/reliability.json');
const MD_FILE = path.join(ROOT, 'docs/reliability.md');

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

export function machine() {
  const cpu = os.cpus();
  return `${cpu.length} x ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

/** Both files as the repository's format check wants them. */
async function pretty(file, text) {
  const config = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...config, filepath: file });
}

/**
 * Records one part's run. Two batteries may run at once (one per database):
 * the file is read again after the slow formatting and the whole is redone if
 * the other wrote meanwhile, so neither's run is lost.
 */
export async function saveRun(key, run) {
  for (;;) {
    const read = existsSync(JSON_FILE) ? readFileSync(JSON_FILE, 'utf8') : '';
    const all = read === '' ? {} : JSON.parse(read);
    all[key] = run;
    const ordered = Object.fromEntries(Object.entries(all).sort(([a], [b]) => order(a) - order(b)));
    const json = await pretty(JSON_FILE, JSON.stringify(ordered, null, 2));
    const md = await pretty(MD_FILE, render(ordered));
    if ((existsSync(JSON_FILE) ? readFileSync(JSON_FILE, 'utf8') : '') !== read) continue;
    writeFileSync(JSON_FILE, json);
    writeFileSync(MD_FILE, md);
    return;
  }
}

const order = (key) => {
  const [db, part] = key.split(':');
  return (db === 'embedded' ? 0 : 100) + PARTS.indexOf(part);
};

const met = (ok) => (ok === 'too few' ? '**too few**' : ok === true ? 'yes' : '**NO**');

const cell = (value) => String(value).replaceAll('|', '\\|');

function render(all) {
  const lines = [
    '# Reliability figures',
    '',
    'Written by `npm run battery` (scripts/battery.mjs and scripts/battery/) from',
    'docs/reliability.json, which keeps the latest run of each part on each database.',
    'The server is the built one (apps/api/dist/main.js), on 127.0.0.1 only, started',
    'fresh for each part on a new data folder (and, on PostgreSQL, a new database).',
    "Counts below issue 12's are marked **reduced**. A row that claims a target gives",
    'the number of samples it rests on (n); under 20 it says **too few** rather than',
    'met (scripts/battery/verdict.mjs). `npm run battery:selftest` runs parts',
    'against a broken build and shows their rows fail.',
    '',
  ];
  for (const db of ['embedded', 'postgres']) {
    const runs = Object.entries(all).filter(([k]) => k.startsWith(`${db}:`));
    if (runs.length === 0) continue;
    lines.push(`## ${db === 'embedded' ? 'Embedded database (PGlite)' : 'PostgreSQL'}`, '');
    for (const [key, run] of runs) {
      const part = key.split(':')[1];
      lines.push(
        `### ${part}`,
        '',
        `${run.date}, ${run.seconds} s; load average (1, 5, 15 min) before ${run.loadBefore}, after ${run.loadAfter}; ${run.machine}.`,
        `Counts: ${JSON.stringify(run.counts)}${run.reduced ? ' (**reduced**)' : " (issue 12's)"}.`,
        '',
        '| check | n | measured | target | met |',
        '|---|---|---|---|---|',
        ...run.rows.map(
          (r) =>
            `| ${cell(r.check)} | ${r.n ?? '-'} | ${cell(r.measured)} | ${cell(r.target)} | ${met(r.ok)} |`,
        ),
        '',
      );
      if (run.error) lines.push(`The part stopped with an error: ${run.error}`, '');
    }
  }
  const notes = path.join(ROOT, 'docs/reliability-notes.md');
  if (existsSync(notes)) lines.push(readFileSync(notes, 'utf8').trim(), '');
  return `${lines.join('\n')}`;
}
