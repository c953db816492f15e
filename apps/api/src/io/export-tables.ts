import { inclusiveDays, parseReason } from '@meridian/domain';
import type { Job, Unavailability } from '@meridian/domain';

/** The pages with an export (GET /api/v1/export?page=...). */
export const EXPORT_PAGES = [
  'datamanagement',
  'schedule',
  'assignments',
  'unavailability',
] as const;
/** One of EXPORT_PAGES. */
export type ExportPage = (typeof EXPORT_PAGES)[number];

/** A cell as stored; strings are neutralised when written, numbers and empties are safe. */
export type ExportCell = string | number | null;

/** A page's export before it is written as CSV or XLSX. */
export interface ExportTable {
  columns: readonly string[];
  rows: ExportCell[][];
}

/** What an export reads: the jobs in display order and the unavailability records. */
export interface ExportData {
  jobs: readonly Job[];
  unavailability: readonly Unavailability[];
}

/**
 * The upload format's columns, so the Data Management export re-imports to the
 * same data: job rows and then unavailability rows, told apart by record_type.
 * Only the user comment of `reason` is written; the assignment summary and
 * rationale are produced by the optimiser and are not upload data.
 */
export const DATAMANAGEMENT_COLUMNS = [
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
] as const;

function dataManagementTable(data: ExportData): ExportTable {
  const jobRows = data.jobs.map((job): ExportCell[] => [
    'job',
    job.customer,
    job.location,
    job.zip_code,
    job.package,
    job.start,
    job.end,
    job.duration,
    job.assigned_lead,
    job.assigned_data_acq,
    job.assigned_kit_name,
    parseReason(job.reason).comment,
    null,
  ]);
  const leaveRows = data.unavailability.map((record): ExportCell[] => [
    'unavailability',
    ...Array<null>(4).fill(null),
    record.start_date,
    record.end_date,
    inclusiveDays(record.start_date, record.end_date),
    ...Array<null>(4).fill(null),
    record.physicist_name,
  ]);
  return { columns: DATAMANAGEMENT_COLUMNS, rows: [...jobRows, ...leaveRows] };
}

// Job Ingestion & Review: the job with its candidate list and the manual assignment.
function scheduleTable(data: ExportData): ExportTable {
  return {
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
    rows: data.jobs.map((job) => {
      const reason = parseReason(job.reason);
      return [
        job.customer,
        job.location,
        job.zip_code,
        job.region,
        job.package,
        job.start,
        job.end,
        job.duration,
        reason.summary,
        job.assigned_lead,
        job.assigned_data_acq,
        job.assigned_kit_name,
        reason.comment,
      ];
    }),
  };
}

// Assignments: who goes where with which kit, and why.
function assignmentsTable(data: ExportData): ExportTable {
  return {
    columns: [
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
    ],
    rows: data.jobs.map((job) => {
      const reason = parseReason(job.reason);
      return [
        job.customer,
        job.location,
        job.zip_code,
        job.region,
        job.start,
        job.end,
        job.duration,
        job.assigned_lead,
        job.assigned_data_acq,
        job.assigned_kit_name,
        job.kit_location,
        reason.summary,
        reason.rationale,
        reason.comment,
      ];
    }),
  };
}

function unavailabilityTable(data: ExportData): ExportTable {
  return {
    columns: ['physicist_name', 'start_date', 'end_date', 'days'],
    rows: data.unavailability.map((record) => [
      record.physicist_name,
      record.start_date,
      record.end_date,
      inclusiveDays(record.start_date, record.end_date),
    ]),
  };
}

/** The table of one page's export. */
export function buildExportTable(page: ExportPage, data: ExportData): ExportTable {
  switch (page) {
    case 'datamanagement':
      return dataManagementTable(data);
    case 'schedule':
      return scheduleTable(data);
    case 'assignments':
      return assignmentsTable(data);
    case 'unavailability':
      return unavailabilityTable(data);
  }
}
