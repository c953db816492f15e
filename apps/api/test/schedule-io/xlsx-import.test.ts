import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildExport } from '../../src/io/export';
import { parseScheduleXlsx } from '../../src/io/parse-schedule';
import { MAX_XLSX_EXPANDED_BYTES } from '../../src/io/xlsx-reader';
import { OPTIONS, expectInvalid, expectOk, storedJob } from './helpers';

async function workbook(rows: ExcelJS.CellValue[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Jobs');
  for (const row of rows) sheet.addRow(row);
  book.addWorksheet('Ignored').addRow(['not', 'read']);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe('parseScheduleXlsx', () => {
  it('reads the first sheet: date cells, numeric zips, rich text and formula results', async () => {
    const bytes = await workbook([
      ['Customer', 'Zip', 'Start', 'End', 'Notes'],
      [
        { richText: [{ text: 'Mercy ' }, { text: 'Hospital' }] },
        2115,
        new Date(Date.UTC(2026, 2, 2)),
        { formula: 'C2+1', result: new Date(Date.UTC(2026, 2, 3)) },
        '=not evaluated',
      ],
      [],
      ['Lakeside', '10001', '3/4/26', null, null],
    ]);
    const { jobs } = expectOk(await parseScheduleXlsx(bytes, OPTIONS));
    expect(jobs.map((j) => [j.customer, j.zip_code, j.start, j.end, j.reason])).toEqual([
      ['Mercy Hospital', '02115', '2026-03-02', '2026-03-03', ' || Comment: =not evaluated'],
      ['Lakeside', '10001', '2026-03-04', '2026-03-04', ''],
    ]);
  });

  it('numbers errors by sheet row, header = row 1', async () => {
    const bytes = await workbook([['customer', 'start'], ['A', '2026-03-02'], [], ['B', 'soon']]);
    const result = expectInvalid(await parseScheduleXlsx(bytes, OPTIONS));
    expect(result.errors).toEqual([
      { line: 4, column: 'start', value: 'soon', message: expect.any(String) as string },
    ]);
  });

  it('refuses bytes that are not a workbook', async () => {
    const result = expectInvalid(
      await parseScheduleXlsx(new TextEncoder().encode('customer,start\nA,2026-03-02'), OPTIONS),
    );
    expect(result.errors[0]!.message).toContain('.xlsx');
  });

  it('writes XLSX text as XML can hold it: no control characters, LF for CR', async () => {
    const jobs = ['\0=cmd()', '\r=cmd()', 'a\rb', '\u0001-x'].map((customer, id) =>
      storedJob({ id, customer }),
    );
    const file = await buildExport('datamanagement', 'xlsx', { jobs, unavailability: [] });
    const { jobs: read } = expectOk(await parseScheduleXlsx(file.body, OPTIONS));
    expect(read.map((j) => j.customer)).toEqual(['=cmd()', '=cmd()', 'a\nb', '-x']);
    // And the '-x' left after dropping U+0001 was still written with its apostrophe.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.body as unknown as ExcelJS.Buffer);
    expect(book.worksheets[0]!.getCell('B5').value).toBe("'-x");
  });
});

describe('xlsx expansion guard', () => {
  it('refuses a workbook whose directory declares a size its entry does not have', async () => {
    const bytes = await workbook([
      ['customer', 'start'],
      ['A', '2026-03-02'],
    ]);
    expectOk(await parseScheduleXlsx(bytes, OPTIONS));
    // Forge the first entry's declared uncompressed size past the cap.
    const forged = bytes.slice();
    const view = new DataView(forged.buffer);
    let cd = -1;
    for (let i = 0; i < forged.byteLength - 4; i++) {
      if (view.getUint32(i, true) === 0x02014b50) {
        cd = i;
        break;
      }
    }
    view.setUint32(cd + 24, MAX_XLSX_EXPANDED_BYTES + 1, true);
    expectInvalid(await parseScheduleXlsx(forged, OPTIONS));
    expectInvalid(await parseScheduleXlsx(new Uint8Array(100), OPTIONS));
  });
});
