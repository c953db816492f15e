import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import type { Unavailability } from '@meridian/domain';
import { isFormulaLike, neutralizeCell, unescapeCell } from '../../src/io/cells';
import { EXPORT_PAGES, exportFileTable, type ExportCell } from '@meridian/contracts';
import { readCsv } from '../../src/io/csv-reader';
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

  it('are named {page}_export.csv|xlsx with their content type', () => {
    const csv = buildExport('assignments', 'csv', data);
    expect(csv.fileName).toBe('assignments_export.csv');
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    const xlsx = buildExport('schedule', 'xlsx', data);
    expect(xlsx.fileName).toBe('schedule_export.xlsx');
    expect(xlsx.contentType).toContain('spreadsheetml');
  });

  it('write the page table as CSV: header, rows, CRLF, numbers plain and empties empty', () => {
    const text = buildExport('datamanagement', 'csv', data).body.toString('utf8');
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

  it('no CSV cell starts a formula on any page', () => {
    for (const page of EXPORT_PAGES) {
      const file = buildExport(page, 'csv', data);
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
      const file = buildExport(page, 'xlsx', data);
      // Another program's reader: a formula would come back as its text or result, never as ours.
      expect(file.body.toString('latin1')).not.toContain('<f>');
      const rows = await readSheet(file.body);
      let cells = 0;
      for (const cell of rows.flat()) {
        if (cell === null) continue;
        cells++;
        if (typeof cell === 'string') expect(isFormulaLike(cell)).toBe(false);
      }
      expect(cells).toBeGreaterThan(0);
    }
  });
});

/** Every export's cell as the data holds it: text, a number, a date or nothing. */
const kindOf = (cell: ExportCell, isDate: boolean): 'empty' | 'date' | 'number' | 'text' =>
  cell === null || cell === ''
    ? 'empty'
    : isDate
      ? 'date'
      : typeof cell === 'number'
        ? 'number'
        : 'text';

describe('every export round trip, in each format', () => {
  const data = {
    jobs: [
      storedJob(),
      storedJob({
        id: 2,
        customer: 'Nguyễn Văn An',
        location: '=2+2',
        zip_code: '00501',
        start: '2026-12-31',
        end: '2027-01-04',
        duration: 5,
        reason: '',
        assigned_kit_name: null,
      }),
    ],
    unavailability: [
      leave,
      { id: 2, physicist_name: 'Søren Ødegård', start_date: '2027-02-27', end_date: '2027-03-01' },
    ],
  };

  it('keeps every text, number and date as the page table has it (CSV as text)', () => {
    for (const page of EXPORT_PAGES) {
      const table = exportFileTable(page, data);
      const text = buildExport(page, 'csv', data).body.toString('utf8');
      const { records } = readCsv(text, 1000, (line, _f, value, message) => {
        throw new Error(`line ${line} ('${value}'): ${message}`);
      });
      expect(records.map((r) => r.fields)).toEqual([
        [...table.columns],
        ...table.rows
          .map((row) => row.map((cell) => (cell === null ? '' : String(cell))))
          .map((row) => row.map(neutralizeCell)),
      ]);
    }
  });

  it('writes dates as date cells and numbers as number cells in XLSX, read back by another program', async () => {
    let dates = 0;
    for (const page of EXPORT_PAGES) {
      const table = exportFileTable(page, data);
      const [header, ...rows] = await readSheet(buildExport(page, 'xlsx', data).body);
      expect(header).toEqual([...table.columns]);
      expect(rows).toHaveLength(table.rows.length);
      table.rows.forEach((row, r) => {
        row.forEach((cell, c) => {
          const read = rows[r]![c] ?? null;
          switch (kindOf(cell, table.dates?.[c] === true)) {
            case 'empty':
              expect(read).toBeNull();
              break;
            case 'date':
              dates++;
              expect(read).toBeInstanceOf(Date);
              expect(read instanceof Date && read.toISOString().slice(0, 10)).toBe(cell);
              break;
            case 'number':
              expect(read).toBe(cell);
              break;
            case 'text':
              expect(typeof read).toBe('string');
              expect(unescapeCell(read as string)).toBe(cell);
          }
        });
      });
    }
    // Start and end on every page: the four pages hold 2 + 2 + 2 + 2 dated rows (leave included).
    expect(dates).toBe(2 * (4 + 2 + 2 + 2));
  });
});
