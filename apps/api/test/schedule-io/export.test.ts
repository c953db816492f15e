import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Unavailability } from '@meridian/domain';
import { isFormulaLike, neutralizeCell, unescapeCell } from '../../src/io/cells';
import { EXPORT_PAGES, buildExport, buildExportTable, exportFileName } from '../../src/io/export';
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

describe('export tables', () => {
  const data = { jobs: [storedJob()], unavailability: [leave] };

  it('names files {page}_export.csv|xlsx', () => {
    expect(EXPORT_PAGES.map((page) => exportFileName(page, 'csv'))).toEqual([
      'datamanagement_export.csv',
      'schedule_export.csv',
      'assignments_export.csv',
      'unavailability_export.csv',
    ]);
    expect(exportFileName('schedule', 'xlsx')).toBe('schedule_export.xlsx');
  });

  it('write the upload columns for Data Management, with leave rows', () => {
    const table = buildExportTable('datamanagement', data);
    expect(table.columns[0]).toBe('record_type');
    expect(table.rows).toEqual([
      [
        'job',
        'Mercy Hospital',
        'Boston, MA',
        '02115',
        'CT Annual Survey',
        '2026-03-02',
        '2026-03-03',
        2,
        'Ada Park',
        'Ben Okafor',
        'Kit 01',
        'ring ahead',
        null,
      ],
      [
        'unavailability',
        null,
        null,
        null,
        null,
        '2026-03-09',
        '2026-03-13',
        5,
        null,
        null,
        null,
        null,
        'Ada Park',
      ],
    ]);
  });

  it('split the reason into its parts on the assignments page', () => {
    const table = buildExportTable('assignments', data);
    const row = Object.fromEntries(table.columns.map((c, i) => [c, table.rows[0]![i]]));
    expect(row).toMatchObject({
      assignment: 'Lead: Ada Park (3 mi) | Acq: Ben Okafor (8 mi)',
      rationale: 'closest',
      comment: 'ring ahead',
      kit_location: '02115',
      region: 'Northeast',
    });
    expect(buildExportTable('unavailability', data).rows).toEqual([
      ['Ada Park', '2026-03-09', '2026-03-13', 5],
    ]);
    expect(buildExportTable('schedule', data).columns).toContain('candidates');
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
