import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { buildExport } from '../../src/io/export';
import { parseScheduleXlsx } from '../../src/io/parse-schedule';
import { readFirstSheet } from '../../src/io/xlsx/read-workbook';
import { OPTIONS, expectInvalid, expectOk, storedJob } from './helpers';
import { handmadeWorkbook, writtenWorkbook } from './workbook-fixtures';

const date = (y: number, m: number, d: number) => ({
  value: new Date(Date.UTC(y, m - 1, d)),
  type: Date,
});

describe('parseScheduleXlsx on workbooks written by another program', () => {
  it('reads the first sheet: date cells, numeric zips and text, skipping empty rows', async () => {
    const bytes = await writtenWorkbook([
      ['Customer', 'Zip', 'Start', 'End', 'Notes'],
      ['Mercy Hospital', 2115, date(2026, 3, 2), date(2026, 3, 3), '=not evaluated'],
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
    const bytes = await writtenWorkbook([
      ['customer', 'start'],
      ['A', '2026-03-02'],
      [],
      ['B', 'soon'],
    ]);
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
});

// In-process: the reading thread is transport, proved above and in xlsx-bomb.test.ts.
describe('parseScheduleXlsx on hand-made sheets', () => {
  const header =
    '<row r="1"><c r="A1" t="inlineStr"><is><t>customer</t></is></c><c r="B1" t="inlineStr"><is><t>start</t></is></c><c r="C1" t="inlineStr"><is><t>comment</t></is></c></row>';

  it('joins rich text runs of shared strings, without the phonetic guide', async () => {
    const bytes = handmadeWorkbook({
      sharedStrings:
        '<si><r><t>Mercy </t></r><r><rPr><b/></rPr><t>Hospital</t></r></si>' +
        '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>',
      sheetData: `${header}<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="inlineStr"><is><t>2026-03-02</t></is></c><c r="C2" t="s"><v>1</v></c></row>`,
    });
    const { jobs } = expectOk(await parseScheduleXlsx(bytes, OPTIONS, readFirstSheet));
    expect(jobs.map((j) => [j.customer, j.reason])).toEqual([
      ['Mercy Hospital', ' || Comment: 東京'],
    ]);
  });

  it('takes a formula’s cached result and never the formula, and reads 1904 dates', async () => {
    const bytes = handmadeWorkbook({
      workbookPr: '<workbookPr date1904="1"/>',
      numFmts: '<numFmts><numFmt numFmtId="170" formatCode="[$-409]d\\-mmm\\-yyyy;@"/></numFmts>',
      cellXfs: '<xf numFmtId="0"/><xf numFmtId="170"/><xf numFmtId="14"/>',
      sheetData:
        header +
        '<row r="2"><c r="A2" t="str"><f>UPPER("x")</f><v>X &amp; Co</v></c><c r="B2" s="1"><f>TODAY()</f><v>44621</v></c><c r="C2" t="b"><v>1</v></c></row>' +
        '<row r="5"><c r="A5" t="inlineStr"><is><t><![CDATA[<Lakeside>]]></t></is></c><c r="B5" s="2"><v>44622.75</v></c></row>',
    });
    const { jobs } = expectOk(await parseScheduleXlsx(bytes, OPTIONS, readFirstSheet));
    // 44,621 days after 1904-01-01 is 2026-03-02 (46,083 in the 1900 system); a time of day leaves the day alone.
    expect(jobs.map((j) => [j.customer, j.start, j.reason])).toEqual([
      ['X & Co', '2026-03-02', ' || Comment: true'],
      ['<Lakeside>', '2026-03-03', ''],
    ]);
  });

  it('puts a cell in its own column when cells before it are missing, with prefixed names', async () => {
    const bytes = handmadeWorkbook({
      sheetData: `${header.replaceAll('<row', '<x:row').replaceAll('</row>', '</x:row>')}<row r="3"><c r="A3" t="inlineStr"><is><t>Mercy</t></is></c><c r="C3" t="inlineStr"><is><t>no start</t></is></c></row>`,
    });
    const result = expectInvalid(await parseScheduleXlsx(bytes, OPTIONS, readFirstSheet));
    expect(result.errors).toEqual([
      { line: 3, column: 'start', value: '', message: expect.any(String) as string },
    ]);
  });

  it('refuses sheets that are not well formed, naming what is wrong', async () => {
    const cases: [string, string][] = [
      ['<row r="2"><c r="A2" t="s"><v>7</v></c></row>', 'shared string'],
      ['<row r="2"><c r="A2"><v>1</v></c></row><row r="2"></row>', 'out of order'],
      ['<row r="2"><c r="A2" t="inlineStr"><is><t>&bogus;</t></is></c></row>', 'entity'],
      ['<row r="2"><c r="A2"><v>1</v></c>', 'still open'],
      // No entity of the file's own is ever expanded: a DOCTYPE is refused outright.
      ['<!DOCTYPE x [<!ENTITY a "b">]><row r="2"></row>', 'DOCTYPE'],
      ['<row r="2"><c r="ZZZZ2"><v>1</v></c></row>', 'names no column'],
    ];
    for (const [sheetData, problem] of cases) {
      const result = expectInvalid(
        await parseScheduleXlsx(handmadeWorkbook({ sheetData }), OPTIONS, readFirstSheet),
      );
      expect(result.errors[0]!.message).toContain(problem);
    }
  });
});

describe('XLSX export text', () => {
  it('is written as XML can hold it: no control characters, LF for CR', async () => {
    const jobs = ['\0=cmd()', '\r=cmd()', 'a\rb', '\u0001-x'].map((customer, id) =>
      storedJob({ id, customer }),
    );
    const file = buildExport('datamanagement', 'xlsx', { jobs, unavailability: [] });
    const { jobs: read } = expectOk(await parseScheduleXlsx(file.body, OPTIONS));
    expect(read.map((j) => j.customer)).toEqual(['=cmd()', '=cmd()', 'a\nb', '-x']);
    // And the '-x' left after dropping U+0001 was still written with its apostrophe.
    const rows = await readSheet(file.body);
    expect(rows[4]![1]).toBe("'-x");
  });
});
