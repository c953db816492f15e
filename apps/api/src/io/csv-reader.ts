/**
 * A strict RFC 4180 reader on top of papaparse. Papaparse splits the records,
 * but on its own it repairs malformed quoting silently (`"x" ,` becomes `x`,
 * a stray quote is kept as text) and counts records, not physical lines. The
 * upload contract needs both (all-or-nothing, errors with the physical line
 * number), so this module gives papaparse one kind of line break, tracks the
 * lines itself, and checks every parsed record against the text it came from.
 */
import Papa from 'papaparse';

/** One record of the file: the physical line it starts on (header = line 1) and its fields. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Reported for a malformed field: its line, 0-based field index, raw text and the problem. */
export type CsvErrorSink = (line: number, field: number, value: string, message: string) => void;

/** What the reader found: the non-blank records, and whether it stopped at the record limit. */
export interface CsvReadResult {
  records: CsvRecord[];
  overLimit: boolean;
}

const UNCLOSED = 'a quoted field is never closed';
const AFTER_QUOTE = 'text after the closing quote of a quoted field';
const STRAY_QUOTE = 'a quote inside an unquoted field';

/**
 * Papaparse takes a single line-break kind per file, while uploads may mix
 * CRLF, LF and lone CR. Every break becomes LF for parsing; `breaks` keeps
 * the originals in order so quoted fields get their own line breaks back.
 */
function normalizeBreaks(text: string): { text: string; breaks: string[] } {
  const breaks: string[] = [];
  const normalized = text.replace(/\r\n|\r|\n/g, (found) => {
    breaks.push(found);
    return '\n';
  });
  return { text: normalized, breaks };
}

/** A parsed field with its LFs put back as the original breaks, starting at break `next`. */
function restoreBreaks(value: string, breaks: readonly string[], next: number): string {
  if (!value.includes('\n')) return value;
  let k = next;
  return value.replace(/\n/g, () => breaks[k++] ?? '\n');
}

/** How a field must appear in the file if papaparse read it without repairing anything. */
function expectedSource(value: string, quoted: boolean): string {
  return quoted ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Splits CSV text (comma, CRLF / LF / CR, optional BOM) into records; blank
 * lines and all-empty records are skipped; stops after `maxRecords` non-blank records.
 */
export function readCsv(text: string, maxRecords: number, onError: CsvErrorSink): CsvReadResult {
  const { text: src, breaks } = normalizeBreaks(
    text.charCodeAt(0) === 0xfeff ? text.slice(1) : text,
  );
  const records: CsvRecord[] = [];
  let overLimit = false;
  let start = 0; // offset in `src` where the current record begins
  let breaksBefore = 0; // line breaks before `start`, so the record's line is breaksBefore + 1

  const checkRecord = (fields: string[], errors: readonly Papa.ParseError[], end: number): void => {
    let at = start;
    let breakIndex = breaksBefore;
    for (let f = 0; f < fields.length; f++) {
      const value = fields[f]!;
      const quoted = src.charCodeAt(at) === 34;
      const source = expectedSource(value, quoted);
      const restored = restoreBreaks(value, breaks, breakIndex);
      const line = breakIndex + 1;
      const next = at + source.length;
      const faithful =
        src.startsWith(source, at) && (next >= end || src[next] === ',' || src[next] === '\n');
      fields[f] = restored;
      if (!quoted && value.includes('"')) {
        onError(line, f, restored, STRAY_QUOTE);
      } else if (quoted && !faithful) {
        // Papaparse notes a quote followed by other text (InvalidQuotes) and a quote
        // that never closes (MissingQuotes); it silently drops spaces after a quote.
        const invalid = errors.some((e) => e.code === 'InvalidQuotes' && e.index === at + 1);
        const missing = errors.some((e) => e.code === 'MissingQuotes' && e.index === at + 1);
        onError(line, f, restored, missing && !invalid ? UNCLOSED : AFTER_QUOTE);
        // Papaparse's split after a repaired field no longer follows the text.
        break;
      }
      breakIndex += (value.match(/\n/g) ?? []).length;
      at = next + 1;
    }
  };

  Papa.parse<string[]>(src, {
    delimiter: ',',
    newline: '\n',
    quoteChar: '"',
    escapeChar: '"',
    skipEmptyLines: false,
    step: (row, parser) => {
      const end = row.meta.cursor;
      const fields = row.data;
      const line = breaksBefore + 1;
      checkRecord(fields, row.errors, end);
      // `cursor` is where the next record starts; every LF up to it ends a line.
      for (let i = start; i < end; i++) if (src.charCodeAt(i) === 10) breaksBefore++;
      start = end;
      if (fields.every((f) => f.trim() === '')) return;
      if (records.length >= maxRecords) {
        overLimit = true;
        parser.abort();
        return;
      }
      records.push({ line, fields });
    },
  });
  return { records, overLimit };
}
