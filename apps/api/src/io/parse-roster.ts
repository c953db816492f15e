import type { TextEncoding } from '@meridian/contracts';
import type { Kit, Physicist, PhysicistRole } from '@meridian/domain';
import { isKnownZip } from './zip-table';
import { readCsv, type CsvRecord } from './csv-reader';
import { cellOf, columnName, mapHeader, type ColumnSpec } from './headers';
import {
  IssueList,
  MAX_UPLOAD_ROWS,
  invalid,
  tooLarge,
  type ImportIssue,
  type InvalidResult,
  type TooLargeResult,
} from './issues';
import { normalizeUploadZip } from './schedule-row';
import { decodeUpload } from './text-input';
import { checkRecordText } from './record-text';

/** Options of the roster parsers; knownZip defaults to the bundled zip table. */
export interface RosterParseOptions {
  knownZip?: (zip: string) => boolean;
}

/** A roster file read completely, or nothing (same all-or-nothing rule as the schedule). */
export type RosterParseResult<T> =
  | {
      ok: true;
      rows: T[];
      warnings: ImportIssue[];
      total_warnings: number;
      /** The encoding the file was read in (text-input.ts). */
      encoding: TextEncoding;
    }
  | InvalidResult
  | TooLargeResult;

/** A physicist read from the roster CSV (no id). */
export type NewPhysicist = Omit<Physicist, 'id'>;
/** A kit read from the roster CSV (no id). */
export type NewKit = Omit<Kit, 'id'>;

const PHYSICIST_COLUMNS = {
  name: ['name', 'physicist_name', 'physicist'],
  role: ['role'],
  home_zip: ['home_zip', 'zip', 'zip_code'],
} as const satisfies ColumnSpec<string>;

const KIT_COLUMNS = {
  name: ['name', 'kit', 'kit_name'],
  current_location_zip: ['current_location_zip', 'zip', 'zip_code', 'location_zip'],
  is_out_for_maintenance: ['is_out_for_maintenance', 'out_for_maintenance', 'maintenance'],
  comments: ['comments', 'comment', 'notes'],
} as const satisfies ColumnSpec<string>;

type RowReader<K extends string, T> = (
  record: CsvRecord,
  cell: (key: K) => string,
  report: (key: K, value: string, message: string) => void,
) => T | null;

/** Decode, read, map the header, then read each row; errors from any stage fail the whole file. */
function parseRoster<K extends string, T extends { name: string }>(
  input: string | Uint8Array,
  spec: ColumnSpec<K>,
  required: readonly K[],
  readRow: RowReader<K, T>,
): RosterParseResult<T> {
  const decoded = decodeUpload(input);
  if (!decoded.ok) return decoded;
  const errors = new IssueList();
  const warnings = new IssueList();
  const malformed: [number, number, string, string][] = [];
  const read = readCsv(decoded.text, MAX_UPLOAD_ROWS + 1, (...issue) => malformed.push(issue));
  if (read.overLimit) return tooLarge('rows', MAX_UPLOAD_ROWS + 1);
  const [header, ...records] = read.records;
  checkRecordText(read.records, errors);
  for (const [line, field, value, message] of malformed) {
    errors.add(line, columnName(line === header?.line ? undefined : header, field), value, message);
  }
  if (!header) {
    errors.add(1, '', '', 'the file is empty: a header row is required');
    return invalid(errors);
  }
  const { index, unknown } = mapHeader<K>(header, spec, required, errors);
  for (const name of unknown) warnings.add(header.line, name, '', 'unknown column, ignored');
  if (errors.total > 0) return invalid(errors);
  const nameOf = (key: K): string => {
    // eslint-disable-next-line meridian/string-key-injection -- key is a column of the caller's own column spec, not a header from the file
    const position = index[key];
    return position === undefined ? key : (header.fields[position] ?? key).trim();
  };
  const rows: T[] = [];
  const seen = new Map<string, number>();
  for (const record of records) {
    const row = readRow(
      record,
      (key) => cellOf(record, index, key),
      (key, value, message) => errors.add(record.line, nameOf(key), value, message),
    );
    if (!row) continue;
    // Jobs and leave records refer to people and kits by name, so a name must be unique.
    const earlier = seen.get(row.name.toLowerCase());
    if (earlier !== undefined) {
      errors.add(
        record.line,
        nameOf('name' as K),
        row.name,
        `the same name is already on line ${earlier}`,
      );
      continue;
    }
    seen.set(row.name.toLowerCase(), record.line);
    rows.push(row);
  }
  if (errors.total > 0) return invalid(errors);
  return {
    ok: true,
    rows,
    warnings: warnings.listed,
    total_warnings: warnings.total,
    encoding: decoded.encoding,
  };
}

/** A 5-digit zip that the zip table knows, or null after reporting why not. */
function readZip(
  text: string,
  knownZip: (zip: string) => boolean,
  report: (value: string, message: string) => void,
): string | null {
  if (!text) {
    report('', 'a zip code is required');
    return null;
  }
  const zip = normalizeUploadZip(text);
  if (!/^\d{5}$/.test(zip)) {
    report(text, 'not a 5-digit zip code');
    return null;
  }
  if (!knownZip(zip)) {
    report(text, `zip code ${zip} is not in the zip table`);
    return null;
  }
  return zip;
}

/** lead or dataacq; "Data Acq", "data_acq" and "data-acq" are read as dataacq. */
function readRole(text: string): PhysicistRole | null {
  const compact = text.toLowerCase().replace(/[\s_-]/g, '');
  if (compact === 'lead') return 'lead';
  return compact === 'dataacq' || compact === 'dataacquisition' ? 'dataacq' : null;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', '']);

/** Parses the physicists CSV: name, role (lead|dataacq), home_zip. Never throws. */
export function parsePhysiciansCsv(
  input: string | Uint8Array,
  options: RosterParseOptions = {},
): RosterParseResult<NewPhysicist> {
  const knownZip = options.knownZip ?? isKnownZip;
  type K = keyof typeof PHYSICIST_COLUMNS;
  return parseRoster<K, NewPhysicist>(
    input,
    PHYSICIST_COLUMNS,
    ['name', 'role', 'home_zip'],
    (_record, cell, report) => {
      const name = cell('name');
      if (!name) report('name', '', 'a name is required');
      const role = readRole(cell('role'));
      if (!role) report('role', cell('role'), 'role must be lead or dataacq');
      const zip = readZip(cell('home_zip'), knownZip, (v, m) => report('home_zip', v, m));
      return name && role && zip ? { name, role, home_zip: zip } : null;
    },
  );
}

/** Parses the kits CSV: name, current_location_zip, is_out_for_maintenance, comments. Never throws. */
export function parseKitsCsv(
  input: string | Uint8Array,
  options: RosterParseOptions = {},
): RosterParseResult<NewKit> {
  const knownZip = options.knownZip ?? isKnownZip;
  type K = keyof typeof KIT_COLUMNS;
  return parseRoster<K, NewKit>(
    input,
    KIT_COLUMNS,
    ['name', 'current_location_zip'],
    (_record, cell, report) => {
      const name = cell('name');
      if (!name) report('name', '', 'a name is required');
      const zipText = cell('current_location_zip');
      const zip = readZip(zipText, knownZip, (v, m) => report('current_location_zip', v, m));
      const flag = cell('is_out_for_maintenance').toLowerCase();
      const isOut = TRUE_WORDS.has(flag) ? true : FALSE_WORDS.has(flag) ? false : null;
      if (isOut === null) {
        report(
          'is_out_for_maintenance',
          cell('is_out_for_maintenance'),
          'is_out_for_maintenance must be true or false',
        );
      }
      return name && zip && isOut !== null
        ? {
            name,
            current_location_zip: zip,
            is_out_for_maintenance: isOut,
            comments: cell('comments'),
          }
        : null;
    },
  );
}
