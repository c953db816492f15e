import { describe, expect, it } from 'vitest';
import {
  MAX_XLSX_CELLS,
  MAX_XLSX_ENTRIES,
  MAX_XLSX_TEXT_CHARS,
  MAX_XLSX_UNPACKED_BYTES,
} from '../../src/io/issues';
import { parseScheduleXlsx, type ScheduleParseResult } from '../../src/io/parse-schedule';
import { readXlsxInThread } from '../../src/io/xlsx/read-thread';
import { readFirstSheet } from '../../src/io/xlsx/read-workbook';
import { OPTIONS, expectInvalid, expectOk } from './helpers';
import { handmadeWorkbook, signatures, writtenWorkbook } from './workbook-fixtures';

const CENTRAL = 0x02014b50;

/** Narrows to a 413 answer and gives its limit and detail. */
function expectTooLarge(result: ScheduleParseResult): { limit: string; detail: string } {
  if (result.ok || result.kind !== 'too_large')
    throw new Error(`expected too large, got ${JSON.stringify(result).slice(0, 300)}`);
  return result;
}

/** Rewrites the declared CRC or uncompressed size of one part, in its local header and directory record. */
function forge(bytes: Uint8Array, part: string, field: 'crc' | 'size', value: number): Uint8Array {
  const forged = bytes.slice();
  const view = new DataView(forged.buffer);
  const name = Buffer.from(part);
  for (const at of signatures(forged, CENTRAL)) {
    const nameAt = at + 46;
    if (!Buffer.from(forged.subarray(nameAt, nameAt + name.length)).equals(name)) continue;
    const local = view.getUint32(at + 42, true);
    view.setUint32(at + (field === 'crc' ? 16 : 24), value, true);
    view.setUint32(local + (field === 'crc' ? 14 : 22), value, true);
  }
  return forged;
}

const HEADER =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>customer</t></is></c><c r="B1" t="inlineStr"><is><t>start</t></is></c></row>';

describe('a workbook over a limit is refused with 413 naming it, whatever it declares', () => {
  it('counts the bytes it inflates: a sheet declared as 1 KB that inflates past 200 MB', async () => {
    // Spaces inside the sheet are XML the reader must tokenize to the end of the budget.
    const sheetData = `${HEADER}${' '.repeat(MAX_XLSX_UNPACKED_BYTES + 1024)}`;
    const bomb = forge(handmadeWorkbook({ sheetData }), 'xl/worksheets/sheet1.xml', 'size', 1024);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const started = process.memoryUsage().rss;
    const { limit, detail } = expectTooLarge(await parseScheduleXlsx(bomb, OPTIONS));
    expect(limit).toBe('expanded');
    expect(detail).toContain('200 MB');
    // Inflated a chunk at a time in the thread, never kept.
    expect(process.memoryUsage().rss - started).toBeLessThan(400 * 1024 * 1024);
  }, 120_000);

  it('refuses more files than the limit before reading any', async () => {
    const extra = Object.fromEntries(
      Array.from({ length: MAX_XLSX_ENTRIES }, (_, i) => [`customXml/item${i}.xml`, '<a/>']),
    );
    const bytes = handmadeWorkbook({ sheetData: HEADER, extra });
    const { limit, detail } = expectTooLarge(await parseScheduleXlsx(bytes, OPTIONS));
    expect(limit).toBe('entries');
    expect(detail).toContain(`${MAX_XLSX_ENTRIES} files`);
  });

  it('refuses a sheet that fills more cells than the limit (a cell far right fills its row)', async () => {
    const rows = Math.ceil(MAX_XLSX_CELLS / 16_384) + 1;
    const sheetData = Array.from(
      { length: rows },
      (_, i) => `<row r="${i + 2}"><c r="XFD${i + 2}"><v>1</v></c></row>`,
    ).join('');
    const result = await parseScheduleXlsx(
      handmadeWorkbook({ sheetData: HEADER + sheetData }),
      OPTIONS,
      readFirstSheet,
    );
    const { limit, detail } = expectTooLarge(result);
    expect(limit).toBe('cells');
    expect(detail).toContain(String(MAX_XLSX_CELLS));
  });

  it('refuses shared strings or cells holding more text than the limit', async () => {
    const huge = 'a'.repeat(MAX_XLSX_TEXT_CHARS + 1);
    const shared = handmadeWorkbook({
      sheetData: HEADER,
      sharedStrings: `<si><t>${huge}</t></si>`,
    });
    const inline = handmadeWorkbook({
      sheetData: `${HEADER}<row r="2"><c r="A2" t="inlineStr"><is><t>${huge}</t></is></c></row>`,
    });
    for (const bytes of [shared, inline]) {
      const { limit, detail } = expectTooLarge(
        await parseScheduleXlsx(bytes, OPTIONS, readFirstSheet),
      );
      expect(limit).toBe('text');
      expect(detail).toContain(String(MAX_XLSX_TEXT_CHARS));
    }
  });
});

describe('a workbook whose parts are not what they declare is refused as invalid (422)', () => {
  it('refuses a sheet whose CRC does not match its bytes', async () => {
    const bytes = await writtenWorkbook([
      ['customer', 'start'],
      ['A', '2026-03-02'],
    ]);
    expectOk(await parseScheduleXlsx(bytes, OPTIONS, readFirstSheet));
    const forged = forge(bytes, 'xl/worksheets/sheet1.xml', 'crc', 0xdeadbeef);
    const result = expectInvalid(await parseScheduleXlsx(forged, OPTIONS, readFirstSheet));
    expect(result.errors[0]!.message).toContain('.xlsx');
  });

  it('refuses a part that inflates to more or less than it declares', async () => {
    const bytes = await writtenWorkbook([
      ['customer', 'start'],
      ['A', '2026-03-02'],
    ]);
    for (const size of [10, 100_000]) {
      const forged = forge(bytes, 'xl/workbook.xml', 'size', size);
      expectInvalid(await parseScheduleXlsx(forged, OPTIONS, readFirstSheet));
    }
  });

  it('refuses a directory record that its local header contradicts', async () => {
    // Our own zip writer puts the sizes in the local headers too (write-excel-file's defers them).
    const bytes = handmadeWorkbook({
      sheetData: `${HEADER}<row r="2"><c r="A2" t="inlineStr"><is><t>A</t></is></c><c r="B2" t="inlineStr"><is><t>2026-03-02</t></is></c></row>`,
    });
    expectOk(await parseScheduleXlsx(bytes, OPTIONS, readFirstSheet));
    const forged = bytes.slice();
    const view = new DataView(forged.buffer);
    const first = signatures(forged, CENTRAL)[0]!;
    view.setUint32(first + 24, MAX_XLSX_UNPACKED_BYTES + 1, true);
    expectInvalid(await parseScheduleXlsx(forged, OPTIONS, readFirstSheet));
    expectInvalid(await parseScheduleXlsx(new Uint8Array(100), OPTIONS, readFirstSheet));
  });
});

describe('the reading thread', () => {
  it('sends back no rows of a sheet past the row limit, which is refused whole', async () => {
    const bytes = await writtenWorkbook([
      ['customer', 'start'],
      ['A', '2026-03-02'],
      ['B', '2026-03-03'],
      ['C', '2026-03-04'],
    ]);
    const within = await readXlsxInThread(new Uint8Array(bytes), 4);
    expect(within).toMatchObject({ ok: true, overLimit: false });
    expect(within.ok && within.records).toHaveLength(4);
    // Three records allowed, four in the sheet: the thread stops at the fourth and keeps none.
    expect(await readXlsxInThread(new Uint8Array(bytes), 3)).toEqual({
      ok: true,
      records: [],
      overLimit: true,
    });
  });
});
