import type { TextEncoding } from '@meridian/contracts';
import { readCsv, type CsvRecord } from './csv-reader';
import { columnName, mapHeader } from './headers';
import {
  IssueList,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_ROWS,
  invalid,
  tooLarge,
  type ImportIssue,
  type InvalidResult,
  type TooLargeResult,
} from './issues';
import {
  SCHEDULE_COLUMNS,
  nameBook,
  readJobRow,
  readUnavailabilityRow,
  recordKind,
  type NewJob,
  type NewUnavailability,
  type RowContext,
  type ScheduleColumn,
} from './schedule-row';
import { checkRecordText } from './record-text';
import { decodeUpload } from './text-input';
import { readXlsxInThread } from './xlsx/read-thread';
import type { XlsxReadResult } from './xlsx/read-workbook';

export type { NewJob, NewUnavailability } from './schedule-row';

/** What the schedule parser needs to know about the stored roster. */
export interface ScheduleParseOptions {
  /** Names of all physicists; assigned names and unavailability names are matched against them. */
  physicistNames: Iterable<string>;
  /** Names of all kits. */
  kitNames: Iterable<string>;
  /** When given, a well-formed zip it does not know is a warning (the job cannot be placed). */
  knownZip?: (zip: string) => boolean;
}

/** Every row read: the whole replacement data set, with warnings (first 100) and their total. */
export interface ScheduleParseSuccess {
  ok: true;
  jobs: NewJob[];
  unavailability: NewUnavailability[];
  warnings: ImportIssue[];
  total_warnings: number;
  /** The encoding a CSV was read in (text-input.ts); null for a workbook. */
  encoding: TextEncoding | null;
}

/** All or nothing: either every row, or the errors and no rows at all. */
export type ScheduleParseResult = ScheduleParseSuccess | InvalidResult | TooLargeResult;

/** Parses a schedule CSV upload (text or raw bytes) per docs/data-formats.md. Never throws. */
export function parseScheduleCsv(
  input: string | Uint8Array,
  options: ScheduleParseOptions,
): ScheduleParseResult {
  const decoded = decodeUpload(input);
  if (!decoded.ok) return decoded;
  const malformed: { line: number; field: number; value: string; message: string }[] = [];
  const { records, overLimit } = readCsv(
    decoded.text,
    MAX_UPLOAD_ROWS + 1,
    (line, field, value, message) => malformed.push({ line, field, value, message }),
  );
  if (overLimit) return tooLarge('rows', MAX_UPLOAD_ROWS + 1);
  // Malformed quoting is reported against the header's column name once the header is known.
  const errors = new IssueList();
  for (const issue of malformed) {
    const header = issue.line === records[0]?.line ? undefined : records[0];
    errors.add(issue.line, columnName(header, issue.field), issue.value, issue.message);
  }
  return parseScheduleRecords(records, options, errors, decoded.encoding);
}

/** Reads a workbook's first sheet: readXlsxInThread, or readFirstSheet in-process for tests. */
export type XlsxSheetReader = (bytes: Uint8Array, maxRecords: number) => Promise<XlsxReadResult>;

/** Parses the first sheet of an .xlsx upload through the same row pipeline as the CSV. */
export async function parseScheduleXlsx(
  bytes: Uint8Array,
  options: ScheduleParseOptions,
  read: XlsxSheetReader = readXlsxInThread,
): Promise<ScheduleParseResult> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) return tooLarge('bytes');
  const sheet = await read(bytes, MAX_UPLOAD_ROWS + 1);
  if (!sheet.ok) {
    if (sheet.reason === 'too_large') return tooLarge(sheet.limit);
    const errors = new IssueList();
    errors.add(1, '', '', sheet.message);
    return invalid(errors);
  }
  if (sheet.overLimit) return tooLarge('rows', MAX_UPLOAD_ROWS + 1);
  return parseScheduleRecords(sheet.records, options, new IssueList(), null);
}

/**
 * The shared row pipeline: header mapping, then every row; any error (here or
 * already in `errors` from the reader) makes the whole result an error.
 */
export function parseScheduleRecords(
  records: readonly CsvRecord[],
  options: ScheduleParseOptions,
  errors: IssueList,
  encoding: TextEncoding | null,
): ScheduleParseResult {
  const warnings = new IssueList();
  checkRecordText(records, errors);
  const [header, ...rows] = records;
  if (!header) {
    errors.add(1, '', '', 'the file is empty: a header row is required');
    return invalid(errors);
  }
  const { index, unknown } = mapHeader<ScheduleColumn>(header, SCHEDULE_COLUMNS, ['start'], errors);
  for (const name of unknown) {
    warnings.add(header.line, name, '', 'unknown column, ignored');
  }
  const headerName = (key: ScheduleColumn): string => {
    const position = index[key];
    return position === undefined ? key : (header.fields[position] ?? key).trim();
  };
  if (rows.length === 0) {
    // An upload replaces everything; an empty file is far more often a mistake than a wish.
    errors.add(header.line, '', '', 'the file has no rows: nothing would be left after the upload');
  }
  const physicists = nameBook(options.physicistNames);
  const kits = nameBook(options.kitNames);
  const jobs: NewJob[] = [];
  const unavailability: NewUnavailability[] = [];
  let missingColumnReported = { customer: false, physicist_name: false };
  for (const record of rows) {
    const ctx: RowContext = { record, index, headerName, errors, warnings };
    const typeText = record.fields[index.record_type ?? -1]?.trim() ?? '';
    const kind = recordKind(typeText);
    if (kind === null) {
      errors.add(
        record.line,
        headerName('record_type'),
        typeText,
        'record_type must be job or unavailability (pto, vacation, off, leave)',
      );
      continue;
    }
    const needed = kind === 'job' ? 'customer' : 'physicist_name';
    if (index[needed] === undefined && !missingColumnReported[needed]) {
      // Reported once at the header rather than once per row.
      errors.add(
        header.line,
        needed,
        '',
        `required column ${needed} is missing (needed by ${kind} rows)`,
      );
      missingColumnReported = { ...missingColumnReported, [needed]: true };
    }
    if (kind === 'job') {
      const job = readJobRow(ctx, physicists, kits, options.knownZip);
      if (job) jobs.push(job);
    } else {
      const record = readUnavailabilityRow(ctx, physicists);
      if (record) unavailability.push(record);
    }
    if (record.fields.length > header.fields.length) {
      const extra = record.fields.slice(header.fields.length);
      if (extra.some((field) => field.trim() !== '')) {
        errors.add(
          record.line,
          `column ${header.fields.length + 1}`,
          extra.join(','),
          'more fields than the header has columns',
        );
      }
    }
  }
  if (errors.total > 0) return invalid(errors);
  return {
    ok: true,
    jobs,
    unavailability,
    warnings: warnings.listed,
    total_warnings: warnings.total,
    encoding,
  };
}
