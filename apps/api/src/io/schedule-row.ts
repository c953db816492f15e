import {
  composeReason,
  inclusiveDays,
  isMissingZip,
  isRealDate,
  normalizeZip,
} from '@meridian/domain';
import type { IsoDate, Job, Unavailability } from '@meridian/domain';
import type { CsvRecord } from './csv-reader';
import { addDays, parseDateInput } from './date-input';
import { cellOf, type ColumnIndex, type ColumnSpec } from './headers';
import type { IssueList } from './issues';

/** The columns of the schedule upload and their aliases (docs/data-formats.md). */
export const SCHEDULE_COLUMNS = {
  record_type: ['record_type', 'type'],
  customer: ['customer'],
  location: ['location'],
  zip_code: ['zip_code', 'zip', 'zipcode', 'postal_code'],
  package: ['package'],
  start: ['start', 'start_date'],
  end: ['end', 'end_date'],
  duration: ['duration'],
  assigned_lead: ['assigned_lead'],
  assigned_data_acq: ['assigned_data_acq'],
  assigned_kit: ['assigned_kit', 'assigned_kit_name'],
  comment: ['comment', 'comments', 'notes'],
  physicist_name: ['physicist_name', 'physicist', 'name'],
} as const satisfies ColumnSpec<string>;

/** A canonical schedule column name. */
export type ScheduleColumn = keyof typeof SCHEDULE_COLUMNS;

/** A job read from an upload: the stored fields minus ids, version and the derived ones. */
export type NewJob = Pick<
  Job,
  | 'customer'
  | 'location'
  | 'zip_code'
  | 'package'
  | 'reason'
  | 'assigned_lead'
  | 'assigned_data_acq'
  | 'assigned_kit_name'
> & { start: IsoDate; end: IsoDate; duration: number };

/** An unavailability record read from an upload (no id). */
export type NewUnavailability = Omit<Unavailability, 'id'>;

const UNAVAILABILITY_TYPES = new Set(['unavailability', 'pto', 'vacation', 'off', 'leave']);
/** Longest accepted visit or leave, in days: anything longer is a typing slip. */
export const MAX_SPAN_DAYS = 366;

/** Everything a row parser needs: the record, the column map and the lists to report to. */
export interface RowContext {
  record: CsvRecord;
  index: ColumnIndex<ScheduleColumn>;
  headerName: (key: ScheduleColumn) => string;
  errors: IssueList;
  warnings: IssueList;
}

/** Names of the roster, matched case-insensitively and read back in their stored spelling. */
export type NameBook = ReadonlyMap<string, string>;

/** Builds a NameBook from the stored names. */
export function nameBook(names: Iterable<string>): NameBook {
  const book = new Map<string, string>();
  for (const name of names) book.set(name.trim().toLowerCase(), name);
  return book;
}

/** 'job' or 'unavailability' for a record_type cell, or null when the value is unknown. */
export function recordKind(value: string): 'job' | 'unavailability' | null {
  const kind = value.trim().toLowerCase();
  if (kind === '' || kind === 'job') return 'job';
  return UNAVAILABILITY_TYPES.has(kind) ? 'unavailability' : null;
}

/**
 * normalizeZip plus the case it misses: a ZIP+4 whose leading zero a
 * spreadsheet dropped ("2115-1234" is 02115).
 */
export function normalizeUploadZip(text: string): string {
  const plusFour = /^(\d{3,4})-(\d{4})$/.exec(text.trim());
  return plusFour ? plusFour[1]!.padStart(5, '0') : normalizeZip(text);
}

function dateProblem(text: string): string {
  return /^(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\/\d{1,2}\/(\d{2}|\d{4}))$/.test(text)
    ? 'no such day in the calendar'
    : 'not a date: use YYYY-MM-DD, M/D/YYYY or M/D/YY';
}

/** Reads start and end (end defaults to start, or to start + duration - 1 when a duration is given). */
function readSpan(ctx: RowContext): { start: IsoDate; end: IsoDate; duration: number } | null {
  const { record, index, errors, warnings, headerName } = ctx;
  const line = record.line;
  const startText = cellOf(record, index, 'start');
  const endText = cellOf(record, index, 'end');
  const durationText = cellOf(record, index, 'duration');
  const start = startText ? parseDateInput(startText) : null;
  if (!startText) errors.add(line, headerName('start'), '', 'a start date is required');
  else if (!start) errors.add(line, headerName('start'), startText, dateProblem(startText));
  const end = endText ? parseDateInput(endText) : null;
  if (endText && !end) errors.add(line, headerName('end'), endText, dateProblem(endText));
  let duration: number | null = null;
  if (durationText) {
    const days = Number(durationText);
    if (!Number.isInteger(days) || days < 1 || days > MAX_SPAN_DAYS) {
      errors.add(
        line,
        headerName('duration'),
        durationText,
        `duration must be a whole number of days from 1 to ${MAX_SPAN_DAYS}`,
      );
    } else duration = days;
  }
  if (!start || (endText && !end) || (durationText && duration === null)) return null;
  const last = end ?? (duration !== null ? addDays(start, duration - 1) : start);
  if (!isRealDate(last)) {
    errors.add(line, headerName('duration'), durationText, 'the end date is out of range');
    return null;
  }
  if (last < start) {
    errors.add(line, headerName('end'), endText, `end ${last} is before start ${start}`);
    return null;
  }
  const span = inclusiveDays(start, last);
  if (span > MAX_SPAN_DAYS) {
    errors.add(line, headerName('end'), endText, `a span longer than ${MAX_SPAN_DAYS} days`);
    return null;
  }
  if (duration !== null && end && duration !== span) {
    warnings.add(
      line,
      headerName('duration'),
      durationText,
      `duration does not match start..end; ${span} days taken from the dates`,
    );
  }
  return { start, end: last, duration: span };
}

function matchName(
  ctx: RowContext,
  key: 'assigned_lead' | 'assigned_data_acq' | 'assigned_kit',
  book: NameBook,
  what: string,
): string | null {
  const text = cellOf(ctx.record, ctx.index, key);
  if (!text) return null;
  const stored = book.get(text.toLowerCase());
  if (stored !== undefined) return stored;
  ctx.warnings.add(
    ctx.record.line,
    ctx.headerName(key),
    text,
    `no ${what} has this name; the text is kept without a link`,
  );
  return text;
}

/** Reads a job row, reporting its errors and warnings; null when the row has an error. */
export function readJobRow(
  ctx: RowContext,
  physicists: NameBook,
  kits: NameBook,
  knownZip: ((zip: string) => boolean) | undefined,
): NewJob | null {
  const { record, index, errors, warnings, headerName } = ctx;
  const customer = cellOf(record, index, 'customer');
  if (!customer && index.customer !== undefined) {
    errors.add(record.line, headerName('customer'), '', 'a job needs a customer');
  }
  const zipText = cellOf(record, index, 'zip_code');
  let zip = zipText;
  if (isMissingZip(zipText)) {
    warnings.add(
      record.line,
      headerName('zip_code'),
      zipText,
      'the job has no zip code; it is imported and highlighted in red',
    );
  } else {
    zip = normalizeUploadZip(zipText);
    if (!/^\d{5}$/.test(zip)) {
      errors.add(record.line, headerName('zip_code'), zipText, 'not a 5-digit zip code');
    } else if (knownZip && !knownZip(zip)) {
      warnings.add(
        record.line,
        headerName('zip_code'),
        zipText,
        'zip code not in the zip table; the job cannot be placed',
      );
    }
  }
  const span = readSpan(ctx);
  const lead = matchName(ctx, 'assigned_lead', physicists, 'physicist');
  const acq = matchName(ctx, 'assigned_data_acq', physicists, 'physicist');
  const kit = matchName(ctx, 'assigned_kit', kits, 'kit');
  if (!customer || !span || (!/^\d{5}$/.test(zip) && !isMissingZip(zipText))) return null;
  return {
    customer,
    location: cellOf(record, index, 'location'),
    zip_code: zip,
    package: cellOf(record, index, 'package'),
    ...span,
    reason: composeReason({ comment: cellOf(record, index, 'comment') }),
    assigned_lead: lead,
    assigned_data_acq: acq,
    assigned_kit_name: kit,
  };
}

/** Reads an unavailability row; null when the row has an error. */
export function readUnavailabilityRow(
  ctx: RowContext,
  physicists: NameBook,
): NewUnavailability | null {
  const { record, index, errors, warnings, headerName } = ctx;
  const name = cellOf(record, index, 'physicist_name');
  if (!name && index.physicist_name !== undefined) {
    errors.add(record.line, headerName('physicist_name'), '', 'a physicist name is required');
  }
  const span = readSpan(ctx);
  if (!name || !span) return null;
  const stored = physicists.get(name.toLowerCase());
  if (stored === undefined) {
    warnings.add(record.line, headerName('physicist_name'), name, 'no physicist has this name');
  }
  return { physicist_name: stored ?? name, start_date: span.start, end_date: span.end };
}
