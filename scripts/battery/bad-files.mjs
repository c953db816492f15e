// Bad files: generated and byte-mutated CSV and XLSX uploads. None may answer
// 5xx, a refused one must leave the tables exactly as they were, and the
// server's memory must stay bounded.
import { randomBytes } from 'node:crypto';
import writeXlsxFile from 'write-excel-file/node';
import { MB, rss, start, stop, upload } from './server.mjs';
import { importRoster, importedAs, scheduleCsv, tables } from './data.mjs';

const UPLOAD = '/api/v1/schedules/upload';
/**
 * What the upload route may answer a bad file (its OpenAPI description): 200
 * when the file happens to be good, 400 for a bad request, 413 over a limit,
 * 415 for a type it does not read, 422 for rows it refuses. Anything else,
 * a 5xx or a connection closed without an answer (0), is a failure.
 */
const ALLOWED = [200, 400, 413, 415, 422];
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const FIELDS = [
  '',
  'job',
  'leave',
  'Ada Lead',
  '10016',
  '2115',
  '99999',
  '2027-02-30',
  '2/3/27',
  '13/45/2027',
  '"',
  '""',
  '"a,b"',
  '=cmd()',
  '\u0000',
  'ü',
  '-1',
  '1e400',
  ' ',
  '\r',
  'x'.repeat(300),
];
const HEADERS = [
  'record_type',
  'customer',
  'zip_code',
  'start',
  'end',
  'duration',
  'physicist_name',
  'comment',
  'zip',
  'bogus',
  '',
];

/** A CSV of random shape: random headers (some right), random fields (some valid). */
function generatedCsv() {
  const columns = Array.from({ length: 1 + Math.floor(Math.random() * 8) }, () => pick(HEADERS));
  const rows = [columns.join(',')];
  for (let r = Math.floor(Math.random() * 40); r > 0; r--)
    rows.push(
      Array.from({ length: columns.length + Math.floor(Math.random() * 3) - 1 }, () =>
        pick(FIELDS),
      ).join(','),
    );
  return Buffer.from(rows.join(pick(['\n', '\r\n', '\r'])));
}

async function xlsxOf(rows) {
  return writeXlsxFile(rows, { sheet: 'Schedule', dateFormat: 'yyyy-mm-dd' }).toBuffer();
}

/** An XLSX of random shape: random headers and cells of every type write-excel-file writes. */
function generatedXlsx() {
  const columns = Array.from({ length: 1 + Math.floor(Math.random() * 8) }, () => pick(HEADERS));
  const cell = () =>
    pick([
      pick(FIELDS),
      Math.random() * 1e6,
      new Date(Date.UTC(2027, 1, 1 + Math.floor(Math.random() * 60))),
      { type: 'Formula', value: 'A1+1' },
      null,
      true,
    ]);
  const rows = [columns];
  for (let r = Math.floor(Math.random() * 30); r > 0; r--) rows.push(columns.map(cell));
  return xlsxOf(rows);
}

function mutate(bytes) {
  const out = Buffer.from(bytes);
  for (let n = 1 + Math.floor(Math.random() * 8); n > 0; n--)
    out[Math.floor(Math.random() * out.length)] = Math.floor(Math.random() * 256);
  return out;
}

export async function badFiles(target, port, counts, record) {
  const server = await start(target, port);
  await importRoster(server);
  const goodCsv = Buffer.from(scheduleCsv(50, 'Good'));
  const goodXlsx = await xlsxOf(
    goodCsv
      .toString()
      .trim()
      .split('\n')
      .map((line) => line.split(',')),
  );
  // The files every mutation starts from must themselves be taken whole: a server that
  // refused everything would otherwise pass every row below.
  const controls = [];
  for (const [name, bytes] of [
    ['good.csv', goodCsv],
    ['good.xlsx', goodXlsx],
  ]) {
    const status = await upload(server, UPLOAD, name, bytes);
    controls.push(
      `${name} ${status}${(await importedAs(server, 50, 'Good')) ? '' : ' (not all rows)'}`,
    );
  }
  record(
    'the unmutated good CSV and XLSX (50 jobs each): answers, and all 50 jobs imported',
    controls.join(', '),
    '200, all rows',
    controls.every((c) => /^\S+ 200$/.test(c)),
  );
  const base = await upload(server, UPLOAD, 'base.csv', scheduleCsv(50, 'Base'));
  if (base !== 200 || !(await importedAs(server, 50, 'Base')))
    throw new Error(`the base schedule's import answered ${base} or left other rows`);
  let before = await tables(server);
  const answers = {};
  let fivexx = 0;
  let partial = 0;
  let maxRss = 0;
  const plan = [
    ...Array.from({ length: counts.generated }, (_, i) => [
      'generated',
      i % 2 === 0 ? 'csv' : 'xlsx',
    ]),
    ...Array.from({ length: counts.mutated }, (_, i) => ['mutated', i % 2 === 0 ? 'csv' : 'xlsx']),
  ];
  for (const [i, [how, type]] of plan.entries()) {
    let bytes;
    if (how === 'mutated') bytes = mutate(type === 'csv' ? goodCsv : goodXlsx);
    else if (i % 10 === 0) bytes = randomBytes(Math.floor(Math.random() * 4000));
    else bytes = type === 'csv' ? generatedCsv() : await generatedXlsx();
    const status = await upload(server, UPLOAD, `f.${type}`, bytes).catch(() => 0);
    answers[status] = (answers[status] ?? 0) + 1;
    if (status >= 500) fivexx++;
    const after = await tables(server);
    if (status !== 200 && after !== before) partial++;
    if (status === 200) before = after;
    if (i % 10 === 0) maxRss = Math.max(maxRss, rss(server.child.pid));
  }
  await stop(server);
  const label = `${counts.generated} generated + ${counts.mutated} byte-mutated CSV/XLSX uploads`;
  const total = plan.length;
  const unexpected = Object.entries(answers)
    .filter(([status]) => !ALLOWED.includes(Number(status)))
    .reduce((sum, [, count]) => sum + count, 0);
  const refused = total - (answers[200] ?? 0);
  record(
    `${label}: answers by status (0: no answer)`,
    JSON.stringify(answers),
    `only ${ALLOWED.join(', ')}`,
    unexpected === 0,
    total,
  );
  record(`${label}: 5xx answers`, fivexx, 0, fivexx === 0, total);
  record('refused uploads that changed a table', partial, 0, partial === 0, refused);
  record(
    `server peak RSS during them (MB, sampled every 10th upload)`,
    MB(maxRss),
    '< 1024',
    maxRss < 1024 * 2 ** 20,
    Math.ceil(total / 10),
  );
}
