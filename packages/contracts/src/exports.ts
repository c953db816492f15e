import { z } from 'zod';
import { inclusiveDays, parseReason, type Job, type Unavailability } from '@meridian/domain';

/**
 * Page exports (docs/data-formats.md): the server writes CSV and XLSX, the browser
 * prints the PDF of the rows on screen. Each page's columns are defined here
 * once, with their file header, PDF heading and cell, so the three formats
 * and the two apps cannot drift apart.
 */

/** The pages with an export (GET /api/v1/export?page=...). */
export const EXPORT_PAGES = [
  'datamanagement',
  'schedule',
  'assignments',
  'unavailability',
] as const;
/** One of EXPORT_PAGES. */
export type ExportPage = (typeof EXPORT_PAGES)[number];

/** The formats the server writes; the PDF is built in the browser. */
export const ExportFormatSchema = z.enum(['csv', 'xlsx']);

/** GET /api/v1/export query. */
export const ExportQuerySchema = z.object({
  page: z.enum(EXPORT_PAGES),
  format: ExportFormatSchema,
});

/** `{page}_export.{format}`, for the server's files and the browser's PDF alike. */
export const exportFileName = (page: ExportPage, format: 'csv' | 'xlsx' | 'pdf'): string =>
  `${page}_export.${format}`;

/** A row's number as the tables show it: 1-based, padded to 3 digits (001). */
export const rowNumber = (index: number): string => String(index + 1).padStart(3, '0');

/** A cell as exported; strings are neutralised by the writer, numbers and empties are safe. */
export type ExportCell = string | number | null;

/** A page's table: headings and rows, before it is written in a format. */
export interface ExportTable {
  columns: readonly string[];
  rows: ExportCell[][];
  /** Per column, whether its cells are YYYY-MM-DD dates (XLSX writes them as date cells). */
  dates?: readonly boolean[];
}

/** A page's PDF: its title over the table. */
export interface PdfTable extends ExportTable {
  title: string;
}

/** What the exports read: jobs in display order and leave records. */
export interface ExportData {
  jobs: readonly Job[];
  unavailability: readonly Unavailability[];
}

/** One column: its PDF heading (none: files only) and how a row (and its index) fills it. */
interface ExportColumn<Row> {
  label?: string;
  cell: (row: Row, index: number) => ExportCell;
  /** The cells are YYYY-MM-DD dates (or empty). */
  date?: boolean;
}

/**
 * One page's export. Columns are keyed by their CSV/XLSX header; `file` and
 * `pdf` pick and order them for each output (the PDF is the narrower,
 * human-headed view of what the screen shows).
 */
interface PageExport<Row, Key extends string> {
  /** The PDF's title: the page's name on screen. */
  title: string;
  columns: Record<Key, ExportColumn<Row>>;
  file: readonly Key[];
  pdf: readonly Key[];
  /** The rows of the CSV/XLSX file. */
  fileRows: (data: ExportData) => readonly Row[];
  /** The rows of the PDF: the rows the screen shows. */
  pdfRows: (data: ExportData) => readonly Row[];
}

const definePage = <Row, Key extends string>(page: PageExport<Row, Key>) => page;

const summary = (job: Job) => parseReason(job.reason).summary;
const comment = (job: Job) => parseReason(job.reason).comment;

/**
 * The Data Management file is the upload format, so it re-imports to the same
 * data: job rows, then leave rows, told apart by record_type. Only the user
 * comment of `reason` is written; the optimiser's summary and rationale are
 * not upload data.
 */
type UploadRecord =
  { record_type: 'job'; job: Job } | { record_type: 'unavailability'; leave: Unavailability };

/** A job column of the upload format, empty on leave rows. */
const jobOnly = (label: string | undefined, cell: (job: Job) => ExportCell) => ({
  label,
  cell: (record: UploadRecord) => (record.record_type === 'job' ? cell(record.job) : null),
});

const asJobRecords = (jobs: readonly Job[]): UploadRecord[] =>
  jobs.map((job) => ({ record_type: 'job', job }));

const datamanagement = definePage({
  title: 'Data Management',
  columns: {
    '#': { label: '#', cell: (_, index) => rowNumber(index) },
    record_type: { cell: (record) => record.record_type },
    customer: jobOnly('Customer', (job) => job.customer),
    location: jobOnly('Location', (job) => job.location),
    zip_code: jobOnly('Zip', (job) => job.zip_code),
    package: jobOnly('Package', (job) => job.package),
    start: {
      label: 'Start',
      cell: (record) => (record.record_type === 'job' ? record.job.start : record.leave.start_date),
      date: true,
    },
    end: {
      label: 'End',
      cell: (record) => (record.record_type === 'job' ? record.job.end : record.leave.end_date),
      date: true,
    },
    duration: {
      label: 'Days',
      cell: (record) =>
        record.record_type === 'job'
          ? record.job.duration
          : inclusiveDays(record.leave.start_date, record.leave.end_date),
    },
    region: jobOnly('Region', (job) => job.region),
    assigned_lead: jobOnly(undefined, (job) => job.assigned_lead),
    assigned_data_acq: jobOnly(undefined, (job) => job.assigned_data_acq),
    assigned_kit: jobOnly(undefined, (job) => job.assigned_kit_name),
    comment: jobOnly('Comment', comment),
    physicist_name: {
      cell: (record) => (record.record_type === 'job' ? null : record.leave.physicist_name),
    },
  },
  file: [
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
  pdf: [
    '#',
    'customer',
    'location',
    'zip_code',
    'package',
    'start',
    'end',
    'duration',
    'region',
    'comment',
  ],
  fileRows: (data) => [
    ...asJobRecords(data.jobs),
    ...data.unavailability.map((leave): UploadRecord => ({ record_type: 'unavailability', leave })),
  ],
  pdfRows: (data) => asJobRecords(data.jobs),
});

/** The columns every job page may show, keyed by their CSV/XLSX header. */
const jobColumns = {
  '#': { label: '#', cell: (_: Job, index: number) => rowNumber(index) },
  customer: { label: 'Customer', cell: (job: Job) => job.customer },
  location: { label: 'Location', cell: (job: Job) => job.location },
  zip_code: { label: 'Zip', cell: (job: Job) => job.zip_code },
  region: { label: 'Region', cell: (job: Job) => job.region },
  package: { label: 'Package', cell: (job: Job) => job.package },
  start: { label: 'Start', cell: (job: Job) => job.start, date: true },
  end: { label: 'End', cell: (job: Job) => job.end, date: true },
  duration: { label: 'Days', cell: (job: Job) => job.duration },
  assigned_lead: { label: 'Lead', cell: (job: Job) => job.assigned_lead },
  assigned_data_acq: { label: 'Data Acq', cell: (job: Job) => job.assigned_data_acq },
  assigned_kit: { label: 'Kit', cell: (job: Job) => job.assigned_kit_name },
  comment: { label: 'Comment', cell: comment },
} satisfies Record<string, ExportColumn<Job>>;

const jobRows = (data: ExportData) => data.jobs;

// Job Ingestion & Review: the job with its candidate list and the manual assignment.
const schedule = definePage({
  title: 'Job Ingestion & Review',
  columns: { ...jobColumns, candidates: { label: 'Candidates', cell: summary } },
  file: [
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
  pdf: [
    '#',
    'customer',
    'zip_code',
    'start',
    'end',
    'candidates',
    'assigned_lead',
    'assigned_data_acq',
    'assigned_kit',
    'region',
  ],
  fileRows: jobRows,
  pdfRows: jobRows,
});

// Assignments: who goes where with which kit, and why.
const assignments = definePage({
  title: 'Assignments',
  columns: {
    ...jobColumns,
    kit_location: { cell: (job) => job.kit_location },
    assignment: { label: 'Reason', cell: summary },
    rationale: { cell: (job) => parseReason(job.reason).rationale },
  },
  file: [
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
  pdf: [
    '#',
    'customer',
    'location',
    'zip_code',
    'start',
    'end',
    'assigned_lead',
    'assigned_data_acq',
    'assigned_kit',
    'region',
    'assignment',
  ],
  fileRows: jobRows,
  pdfRows: jobRows,
});

const unavailability = definePage({
  title: 'Unavailabilities',
  columns: {
    physicist_name: { label: 'Physicist', cell: (leave: Unavailability) => leave.physicist_name },
    start_date: { label: 'Start', cell: (leave) => leave.start_date, date: true },
    end_date: { label: 'End', cell: (leave) => leave.end_date, date: true },
    days: { label: 'Days', cell: (leave) => inclusiveDays(leave.start_date, leave.end_date) },
  },
  file: ['physicist_name', 'start_date', 'end_date', 'days'],
  pdf: ['physicist_name', 'start_date', 'end_date', 'days'],
  fileRows: (data) => data.unavailability,
  pdfRows: (data) => data.unavailability,
});

function fileTableOf<Row, Key extends string>(
  page: PageExport<Row, Key>,
  data: ExportData,
): ExportTable {
  return {
    columns: page.file,
    // eslint-disable-next-line meridian/string-key-injection -- Key is a column key of the page's own export definition
    dates: page.file.map((key) => page.columns[key].date === true),
    rows: page
      .fileRows(data)
      // eslint-disable-next-line meridian/string-key-injection -- Key is a column key of the page's own export definition
      .map((row, index) => page.file.map((key) => page.columns[key].cell(row, index))),
  };
}

function pdfTableOf<Row, Key extends string>(
  page: PageExport<Row, Key>,
  data: ExportData,
): PdfTable {
  const columns = page.pdf.map((key) => {
    // eslint-disable-next-line meridian/string-key-injection -- Key is a column key of the page's own export definition
    const label = page.columns[key].label;
    if (label === undefined) throw new Error(`Export column ${key} has no PDF heading`);
    return label;
  });
  return {
    title: page.title,
    columns,
    rows: page
      .pdfRows(data)
      // eslint-disable-next-line meridian/string-key-injection -- Key is a column key of the page's own export definition
      .map((row, index) => page.pdf.map((key) => page.columns[key].cell(row, index))),
  };
}

/** The CSV/XLSX table of a page: the upload-style headers and every row. */
export function exportFileTable(page: ExportPage, data: ExportData): ExportTable {
  switch (page) {
    case 'datamanagement':
      return fileTableOf(datamanagement, data);
    case 'schedule':
      return fileTableOf(schedule, data);
    case 'assignments':
      return fileTableOf(assignments, data);
    case 'unavailability':
      return fileTableOf(unavailability, data);
  }
}

/** The PDF table of a page: its title, the human headings and the rows given (as shown). */
export function exportPdfTable(page: ExportPage, data: ExportData): PdfTable {
  switch (page) {
    case 'datamanagement':
      return pdfTableOf(datamanagement, data);
    case 'schedule':
      return pdfTableOf(schedule, data);
    case 'assignments':
      return pdfTableOf(assignments, data);
    case 'unavailability':
      return pdfTableOf(unavailability, data);
  }
}
