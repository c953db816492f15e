import { describe, expect, it } from 'vitest';
import type { Job, Unavailability } from '@meridian/domain';
import {
  EXPORT_PAGES,
  ExportQuerySchema,
  exportFileName,
  exportFileTable,
  exportPdfTable,
  rowNumber,
} from '../src/exports';

const job = (overrides: Partial<Job> = {}): Job => ({
  id: 1,
  customer: 'Mercy Hospital',
  location: 'Boston, MA',
  zip_code: '02115',
  package: 'CT Annual Survey',
  start: '2026-03-02',
  end: '2026-03-03',
  duration: 2,
  reason:
    'Lead: Ada Park (3 mi) | Acq: Ben Okafor (8 mi) || Reasoning: closest || Comment: ring ahead',
  version: 1,
  assigned_lead: 'Ada Park',
  assigned_lead_id: 1,
  assigned_data_acq: 'Ben Okafor',
  assigned_data_acq_id: 2,
  assigned_kit_id: 1,
  assigned_kit_name: 'Kit 01',
  kit_location: '02115',
  region: 'Northeast',
  ...overrides,
});
const leave: Unavailability = {
  id: 1,
  physicist_name: 'Ada Park',
  start_date: '2026-03-09',
  end_date: '2026-03-13',
};
const data = { jobs: [job()], unavailability: [leave] };

/** The table's rows as objects keyed by heading, to read one column at a time. */
const byHeading = (table: { columns: readonly string[]; rows: unknown[][] }) =>
  table.rows.map((row) => Object.fromEntries(table.columns.map((name, i) => [name, row[i]])));

describe('export files (CSV and XLSX)', () => {
  it('Data Management: the upload columns, a job row and a leave row', () => {
    expect(exportFileTable('datamanagement', data)).toEqual({
      columns: [
        'record_type',
        'customer',
        'location',
        'zip_code',
        'package',
        'start',
        'end',
        'duration',
        'assigned_lead',
        'assigned_data_acq',
        'assigned_kit',
        'comment',
        'physicist_name',
      ],
      dates: [
        false,
        false,
        false,
        false,
        false,
        true,
        true,
        false,
        false,
        false,
        false,
        false,
        false,
      ],
      rows: [
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
          ...[null, null, null, null],
          '2026-03-09',
          '2026-03-13',
          5,
          ...[null, null, null, null],
          'Ada Park',
        ],
      ],
    });
  });

  it('the schedule: the job with its candidates and comment', () => {
    expect(exportFileTable('schedule', data)).toEqual({
      columns: [
        'customer',
        'location',
        'zip_code',
        'region',
        'package',
        'start',
        'end',
        'duration',
        'candidates',
        'assigned_lead',
        'assigned_data_acq',
        'assigned_kit',
        'comment',
      ],
      dates: [
        false,
        false,
        false,
        false,
        false,
        true,
        true,
        false,
        false,
        false,
        false,
        false,
        false,
      ],
      rows: [
        [
          'Mercy Hospital',
          'Boston, MA',
          '02115',
          'Northeast',
          'CT Annual Survey',
          '2026-03-02',
          '2026-03-03',
          2,
          'Lead: Ada Park (3 mi) | Acq: Ben Okafor (8 mi)',
          'Ada Park',
          'Ben Okafor',
          'Kit 01',
          'ring ahead',
        ],
      ],
    });
  });

  it('assignments: the reason split into assignment, rationale and comment', () => {
    const table = exportFileTable('assignments', data);
    expect(table.columns).toEqual([
      'customer',
      'location',
      'zip_code',
      'region',
      'start',
      'end',
      'duration',
      'assigned_lead',
      'assigned_data_acq',
      'assigned_kit',
      'kit_location',
      'assignment',
      'rationale',
      'comment',
    ]);
    expect(table.rows).toEqual([
      [
        'Mercy Hospital',
        'Boston, MA',
        '02115',
        'Northeast',
        '2026-03-02',
        '2026-03-03',
        2,
        'Ada Park',
        'Ben Okafor',
        'Kit 01',
        '02115',
        'Lead: Ada Park (3 mi) | Acq: Ben Okafor (8 mi)',
        'closest',
        'ring ahead',
      ],
    ]);
  });

  it('unavailability: one row per record with its inclusive days', () => {
    expect(exportFileTable('unavailability', data)).toEqual({
      columns: ['physicist_name', 'start_date', 'end_date', 'days'],
      dates: [false, true, true, false],
      rows: [['Ada Park', '2026-03-09', '2026-03-13', 5]],
    });
  });

  it('leave a missing assignment and an empty reason empty', () => {
    const bare = job({
      reason: '',
      assigned_lead: null,
      assigned_data_acq: null,
      assigned_kit_name: null,
      kit_location: null,
    });
    const [row] = byHeading(exportFileTable('assignments', { jobs: [bare], unavailability: [] }));
    expect(row).toMatchObject({
      assigned_lead: null,
      assigned_data_acq: null,
      assigned_kit: null,
      kit_location: null,
      assignment: '',
      rationale: '',
      comment: '',
    });
  });
});

describe('export PDFs', () => {
  it('print the rows as shown, numbered, under the human headings', () => {
    const jobs = [job(), job({ id: 2, customer: 'Second' })];
    const shown = { jobs, unavailability: [leave] };
    expect(exportPdfTable('datamanagement', shown)).toEqual({
      title: 'Data Management',
      columns: [
        '#',
        'Customer',
        'Location',
        'Zip',
        'Package',
        'Start',
        'End',
        'Days',
        'Region',
        'Comment',
      ],
      // Leave is not a row of the Data Management table on screen.
      rows: [
        [
          '001',
          'Mercy Hospital',
          'Boston, MA',
          '02115',
          'CT Annual Survey',
          '2026-03-02',
          '2026-03-03',
          2,
          'Northeast',
          'ring ahead',
        ],
        [
          '002',
          'Second',
          'Boston, MA',
          '02115',
          'CT Annual Survey',
          '2026-03-02',
          '2026-03-03',
          2,
          'Northeast',
          'ring ahead',
        ],
      ],
    });
    expect(exportPdfTable('schedule', shown)).toMatchObject({
      title: 'Job Ingestion & Review',
      columns: [
        '#',
        'Customer',
        'Zip',
        'Start',
        'End',
        'Candidates',
        'Lead',
        'Data Acq',
        'Kit',
        'Region',
      ],
    });
    expect(exportPdfTable('schedule', shown).rows[0]).toEqual([
      '001',
      'Mercy Hospital',
      '02115',
      '2026-03-02',
      '2026-03-03',
      'Lead: Ada Park (3 mi) | Acq: Ben Okafor (8 mi)',
      'Ada Park',
      'Ben Okafor',
      'Kit 01',
      'Northeast',
    ]);
    expect(exportPdfTable('assignments', shown)).toMatchObject({
      title: 'Assignments',
      columns: [
        '#',
        'Customer',
        'Location',
        'Zip',
        'Start',
        'End',
        'Lead',
        'Data Acq',
        'Kit',
        'Region',
        'Reason',
      ],
    });
    expect(exportPdfTable('assignments', shown).rows[1]).toEqual([
      '002',
      'Second',
      'Boston, MA',
      '02115',
      '2026-03-02',
      '2026-03-03',
      'Ada Park',
      'Ben Okafor',
      'Kit 01',
      'Northeast',
      'Lead: Ada Park (3 mi) | Acq: Ben Okafor (8 mi)',
    ]);
    expect(exportPdfTable('unavailability', shown)).toEqual({
      title: 'Unavailabilities',
      columns: ['Physicist', 'Start', 'End', 'Days'],
      rows: [['Ada Park', '2026-03-09', '2026-03-13', 5]],
    });
  });

  it('number rows like the tables on screen: padded to 3 digits, never cut', () => {
    expect([0, 9, 98, 99, 999].map(rowNumber)).toEqual(['001', '010', '099', '100', '1000']);
    const many = Array.from({ length: 12 }, (_, id) => job({ id }));
    const numbers = exportPdfTable('schedule', { jobs: many, unavailability: [] }).rows.map(
      (row) => row[0],
    );
    expect(numbers).toEqual(many.map((_, index) => rowNumber(index)));
  });
});

describe('export names and query', () => {
  it('names files {page}_export.{format}', () => {
    expect(EXPORT_PAGES.map((page) => exportFileName(page, 'csv'))).toEqual([
      'datamanagement_export.csv',
      'schedule_export.csv',
      'assignments_export.csv',
      'unavailability_export.csv',
    ]);
    expect(exportFileName('unavailability', 'pdf')).toBe('unavailability_export.pdf');
  });

  it('accepts the four pages and the two server formats only', () => {
    expect(ExportQuerySchema.parse({ page: 'schedule', format: 'xlsx' })).toEqual({
      page: 'schedule',
      format: 'xlsx',
    });
    expect(ExportQuerySchema.safeParse({ page: 'kits', format: 'csv' }).success).toBe(false);
    expect(ExportQuerySchema.safeParse({ page: 'schedule', format: 'pdf' }).success).toBe(false);
  });
});
