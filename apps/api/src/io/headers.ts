import type { CsvRecord } from './csv-reader';
import { unescapeCell } from './cells';
import type { IssueList } from './issues';

/** Canonical column name -> accepted header names (the canonical one first). */
export type ColumnSpec<K extends string> = Record<K, readonly string[]>;

/** Where each known column sits in the file. */
export type ColumnIndex<K extends string> = Partial<Record<K, number>>;

const normalizeHeader = (header: string): string => header.trim().toLowerCase();

/**
 * Maps the header record to canonical columns: names are trimmed and
 * case-insensitive; a column given twice (directly or through an alias) and a
 * missing required column are errors; unknown columns are returned so the
 * caller can warn about them (they are ignored, not guessed at).
 */
export function mapHeader<K extends string>(
  header: CsvRecord,
  spec: ColumnSpec<K>,
  required: readonly K[],
  errors: IssueList,
): { index: ColumnIndex<K>; unknown: string[] } {
  const byName = new Map<string, K>();
  for (const key of Object.keys(spec) as K[]) {
    // eslint-disable-next-line meridian/string-key-injection -- K is a column of the caller's own column spec, never a header text from the file
    for (const alias of spec[key]) byName.set(alias, key);
  }
  const index: ColumnIndex<K> = {};
  const unknown: string[] = [];
  header.fields.forEach((raw, position) => {
    const name = normalizeHeader(unescapeCell(raw));
    const key = byName.get(name);
    if (key === undefined) {
      if (name !== '') unknown.push(raw.trim());
      return;
    }
    // eslint-disable-next-line meridian/string-key-injection -- K is a column of the caller's own column spec, never a header text from the file
    if (index[key] !== undefined) {
      errors.add(header.line, raw.trim(), raw, `column ${key} is given more than once`);
      return;
    }
    // eslint-disable-next-line meridian/string-key-injection -- K is a column of the caller's own column spec, never a header text from the file
    index[key] = position;
  });
  for (const key of required) {
    // eslint-disable-next-line meridian/string-key-injection -- K is a column of the caller's own column spec, never a header text from the file
    if (index[key] === undefined) {
      errors.add(header.line, key, '', `required column ${key} is missing from the header`);
    }
  }
  return { index, unknown };
}

/** Reads one column of a record: unescaped and trimmed, '' when absent. */
export function cellOf<K extends string>(record: CsvRecord, index: ColumnIndex<K>, key: K): string {
  // eslint-disable-next-line meridian/string-key-injection -- K is a column of the caller's own column spec, never a header text from the file
  const position = index[key];
  if (position === undefined) return '';
  return unescapeCell(record.fields[position] ?? '').trim();
}

/** The header name of a field position, for error messages about malformed fields. */
export function columnName(header: CsvRecord | undefined, field: number): string {
  const name = header?.fields[field]?.trim();
  return name ? name : `column ${field + 1}`;
}
