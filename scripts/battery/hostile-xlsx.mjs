// Hostile workbooks (docs/security.md, hole 4): small .xlsx files that unpack to much
// (a ~0.5 MB workbook whose sheet is ~150 MB of XML, in three shapes) and one
// with 60,000 zip entries (~6 MB), each uploaded again and again for
// `xlsx-seconds`, and at least MIN_SAMPLES times, while the server's resident
// memory is sampled every 50 ms and its health endpoint asked every 100 ms (from a
// thread of its own: health-poller.mjs).
// Targets: every answer a refusal (400, 413 or 422; never 200 or 5xx), peak
// RSS under 400 MB, every health answer within 200 ms. The server's own
// event-loop delay is measured beside (the preloaded probe): it tells a server
// held up from a loaded machine.
import { crc32, deflateRawSync } from 'node:zlib';
import { MB, eventLoopDelay, rss, sleep, start, stop, uploadAnswer } from './server.mjs';
import { importRoster } from './data.mjs';
import { healthPoller } from './health-poller.mjs';
import { MIN_SAMPLES, p99 } from './verdict.mjs';

const UPLOAD = '/api/v1/schedules/upload';
const ALLOWED = [400, 413, 422];
const RSS_LIMIT_MB = 400;
const HEALTH_LIMIT_MS = 200;
const SHEET_BYTES = 150 * 2 ** 20;

/** A zip of `files` ([name, bytes, deflate?]), as a spreadsheet program writes one (no ZIP64). */
export function zip(files) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, data, deflate = true] of files) {
    const stored = deflate ? deflateRawSync(data, { level: 9 }) : data;
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.byteLength, 18);
    local.writeUInt32LE(data.byteLength, 22);
    local.writeUInt16LE(nameBytes.byteLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.byteLength, 20);
    central.writeUInt32LE(data.byteLength, 24);
    central.writeUInt16LE(nameBytes.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, stored);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.byteLength + stored.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  // The entry counts are 16-bit: 60,000 fits.
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xml = (text) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts of a one-sheet workbook around `sheet`, the sheet part's bytes. */
function workbook(sheet) {
  return zip([
    [
      '[Content_Types].xml',
      xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    ],
    [
      '_rels/.rels',
      xml(
        `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    ],
    [
      'xl/workbook.xml',
      xml(
        `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Schedule" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    ],
    [
      'xl/_rels/workbook.xml.rels',
      xml(
        `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    ],
    ['xl/worksheets/sheet1.xml', sheet],
  ]);
}

/** A sheet of `bytes` bytes: its start, then `unit` repeated, then its end. */
function sheetOf(start, unit, end, bytes = SHEET_BYTES) {
  const head = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<worksheet xmlns="${MAIN}">${start}`,
  );
  const tail = Buffer.from(end + '</worksheet>');
  const body = Buffer.alloc(bytes - head.byteLength - tail.byteLength, unit);
  // Cut the repeated unit back to a whole number of units, so the XML stays well formed.
  const whole = body.byteLength - (body.byteLength % Buffer.byteLength(unit));
  return Buffer.concat([head, body.subarray(0, whole), tail]);
}

/** The hostile files: [label, name, bytes]. */
export function hostileFiles() {
  const cell = '<c t="inlineStr"><is><t>x</t></is></c>';
  const entries = Array.from({ length: 60_000 }, (_, i) => [
    `xl/media/image${i}.bin`,
    Buffer.alloc(40, i % 251),
    false,
  ]);
  return [
    [
      '150 MB sheet of rows of ten one-letter cells',
      sheetOf('<sheetData>', `<row>${cell.repeat(10)}</row>`, '</sheetData>'),
    ],
    ['150 MB sheet of whitespace between rows', sheetOf('<sheetData>', ' ', '</sheetData>')],
    [
      '150 MB sheet of one cell of text',
      sheetOf('<sheetData><row><c t="inlineStr"><is><t>', 'a', '</t></is></c></row></sheetData>'),
    ],
  ]
    .map(([label, sheet]) => [label, workbook(sheet)])
    .concat([['60,000 zip entries', zip(entries)]])
    .map(([label, bytes]) => [
      `${label} (${(bytes.byteLength / 2 ** 20).toFixed(1)} MB file)`,
      bytes,
    ]);
}

/** The median of `list` (nearest rank). */
const p50 = (list) => [...list].sort((a, b) => a - b)[Math.ceil(list.length / 2) - 1] ?? 0;

const latencies = (times) => {
  const slowest = Math.max(...times);
  const median = p50(times);
  return `${Number.isFinite(median) ? median.toFixed(0) : 'none'} / ${p99(times).toFixed(0)} / ${Number.isFinite(slowest) ? slowest.toFixed(0) : 'none'}`;
};

/** The row of the server's event-loop delay over a case (info: the health row holds the target). */
const loopRow = (record, label, loop) =>
  record(
    `${label}: server event-loop delay, p50 / p99 / max (ms; sampled every 10 ms)`,
    loop.samples === 0 ? 'none' : `${loop.p50} / ${loop.p99} / ${loop.max}`,
    'info',
    true,
    loop.samples,
  );

export async function hostileXlsx(target, port, counts, record) {
  const files = hostileFiles();
  const seconds = counts['xlsx-seconds'];
  const server = await start(target, port);
  try {
    await importRoster(server);
    // The same checks with no upload: what this machine's load alone gives (info).
    const quietLoop = await eventLoopDelay(server);
    const quiet = healthPoller(`${server.base}/api/v1/health`);
    await sleep(seconds * 1000);
    const quietTimes = await quiet.stop();
    record(
      `control: health with no upload for ${seconds} s, p50 / p99 / slowest (ms; asked every 100 ms)`,
      latencies(quietTimes),
      'info',
      true,
      quietTimes.length,
    );
    loopRow(record, 'control', await quietLoop());
    for (const [label, bytes] of files) {
      const baseline = rss(server.child.pid);
      let peak = baseline;
      let samples = 0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rss(server.child.pid));
        samples++;
      }, 50);
      const loop = await eventLoopDelay(server);
      const health = healthPoller(`${server.base}/api/v1/health`);
      const answers = {};
      const uploadMs = [];
      const began = performance.now();
      // At least MIN_SAMPLES uploads, so the answers row can claim its target however slow each is.
      while (performance.now() - began < seconds * 1000 || uploadMs.length < MIN_SAMPLES) {
        const sent = performance.now();
        const { status, body } = await uploadAnswer(server, UPLOAD, 'hostile.xlsx', bytes).catch(
          () => ({ status: 0, body: null }),
        );
        uploadMs.push(performance.now() - sent);
        const key = `${status}${body?.detail ? `: ${String(body.detail).slice(0, 60)}` : ''}`;
        answers[key] = (answers[key] ?? 0) + 1;
      }
      const healthTimes = await health.stop();
      const loopDelay = await loop();
      clearInterval(sampler);
      const statuses = Object.keys(answers).map((key) => Number(key.split(':')[0]));
      const median = [...uploadMs].sort((a, b) => a - b)[Math.floor(uploadMs.length / 2)];
      record(
        `${label}: answers, over ${uploadMs.length} uploads (median ${(median / 1000).toFixed(1)} s each)`,
        JSON.stringify(answers),
        `only ${ALLOWED.join(', ')}`,
        statuses.every((s) => ALLOWED.includes(s)),
        uploadMs.length,
      );
      record(
        `${label}: server RSS before / peak (MB, sampled every 50 ms)`,
        `${MB(baseline)} / ${MB(peak)}`,
        `peak < ${RSS_LIMIT_MB}`,
        peak < RSS_LIMIT_MB * 2 ** 20,
        samples,
      );
      record(
        `${label}: health answered meanwhile, p50 / p99 / slowest (ms; asked every 100 ms, 10 s = none)`,
        latencies(healthTimes),
        `< ${HEALTH_LIMIT_MS}`,
        Math.max(...healthTimes) < HEALTH_LIMIT_MS,
        healthTimes.length,
      );
      loopRow(record, label, loopDelay);
    }
  } finally {
    await stop(server);
  }
}
