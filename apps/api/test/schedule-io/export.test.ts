import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Unavailability } from '@meridian/domain';
import { isFormulaLike, neutralizeCell, unescapeCell } from '../../src/io/cells';
import { EXPORT_PAGES } from '@meridian/contracts';
import { buildExport } from '../../src/io/export';
import { storedJob } from './helpers';

const leave: Unavailability = {
  id: 1,
  physicist_name: 'Ada Park',
  start_date: '2026-03-09',
  end_date: '2026-03-13',
};
const NASTY = ['=1+1', '+cmd', '-2', '@SUM(A1)', '\tx', '\rx', '\0x', "'already"];

describe('cell neutralisation', () => {
  it('prefixes formula starts and apostrophes, and the import undoes exactly that', () => {
    for (const value of NASTY) {
      expect(neutralizeCell(value)).toBe(`'${value}`);
      expect(unescapeCell(neutralizeCell(value))).toBe(value);
    }
    for (const value of ['Mercy', ' =x', '', '1-2', "it's"]) {
      expect(neutralizeCell(value)).toBe(value);
      expect(unescapeCell(value)).toBe(value);
    }
    expect(unescapeCell("'-Foo")).toBe('-Foo');
    expect(unescapeCell("'hello")).toBe("'hello");
  });
});

// The tables' columns and cells are the contract's (packages/contracts/test/exports.test.ts).
describe('export files', () => {
  const data = { jobs: [storedJob()], unavailability: [leave] };

  it('are named {page}_export.csv|xlsx with their content type', async () => {
    const csv = await buildExport('assignments', 'csv', data);
    expect(csv.fileName).toBe('assignments_export.csv');
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    const xlsx = await buildExport('schedule', 'xlsx', data);
    expect(xlsx.fileName).toBe('schedule_export.xlsx');
    expect(xlsx.contentType).toContain('spreadsheetml');
  });

  it('write the page table as CSV: header, rows, CRLF, numbers plain and empties empty', async () => {
    const text = (await buildExport('datamanagement', 'csv', data)).body.toString('utf8');
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'record_type,customer,location,zip_code,package,start,end,duration,assigned_lead,assigned_data_acq,assigned_kit,comment,physicist_name',
    );
    expect(lines[1]).toBe(
      'job,Mercy Hospital,"Boston, MA",02115,CT Annual Survey,2026-03-02,2026-03-03,2,Ada Park,Ben Okafor,Kit 01,ring ahead,',
    );
    expect(lines[2]).toBe('unavailability,,,,,2026-03-09,2026-03-13,5,,,,,Ada Park');
    expect(lines.slice(3)).toEqual(['']);
  });
});

describe('formula injection in files', () => {
  const data = {
    jobs: NASTY.map((customer, i) => storedJob({ id: i + 1, customer, location: customer })),
    unavailability: [{ ...leave, physicist_name: '=HYPERLINK("http://x")' }],
  };

  it('no CSV cell starts a formula on any page', async () => {
    for (const page of EXPORT_PAGES) {
      const file = await buildExport(page, 'csv', data);
      expect(file.fileName).toBe(`${page}_export.csv`);
      expect(file.contentType).toContain('text/csv');
      const text = file.body.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      // Every field start: after the start of a line or a comma, optionally after a quote.
      expect(text).not.toMatch(/(^|[,\n])"?[=+\-@\0]/);
      expect(text).not.toMatch(/(^|[,\n])"?\t/);
    }
  });

  it('no XLSX cell starts a formula or holds a formula', async () => {
    for (const page of EXPORT_PAGES) {
      const file = await buildExport(page, 'xlsx', data);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.body as unknown as ExcelJS.Buffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.name).toBe(page);
      let cells = 0;
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          cells++;
          expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
          if (typeof cell.value === 'string') expect(isFormulaLike(cell.value)).toBe(false);
        }),
      );
      expect(cells).toBeGreaterThan(0);
    }
  });
});
