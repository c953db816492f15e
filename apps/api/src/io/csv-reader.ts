/**
 * A strict RFC 4180 reader. We do not use papaparse here because it repairs
 * malformed quoting silently and does not tell where a record starts when
 * quoted fields span lines; the upload contract needs both (all-or-nothing,
 * errors with the physical line number).
 */

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

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * Splits CSV text (comma, CRLF / LF / CR, optional BOM) into records; blank
 * lines and all-empty records are skipped; stops after `maxRecords` non-blank records.
 */
export function readCsv(text: string, maxRecords: number, onError: CsvErrorSink): CsvReadResult {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const n = src.length;
  const records: CsvRecord[] = [];
  let i = 0;
  let line = 1;

  // Consumes one line break at i (CRLF, LF or lone CR) and counts it.
  const skipBreak = (): void => {
    if (src.charCodeAt(i) === CR && src.charCodeAt(i + 1) === LF) i += 2;
    else i += 1;
    line++;
  };

  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    let endOfRecord = false;
    while (!endOfRecord) {
      const fieldLine = line;
      let value: string;
      if (src.charCodeAt(i) === QUOTE) {
        // Quoted field: "" is a literal quote; line breaks inside are data.
        let out = '';
        let from = i + 1;
        let closed = false;
        i++;
        while (i < n) {
          const c = src.charCodeAt(i);
          if (c === QUOTE) {
            if (src.charCodeAt(i + 1) === QUOTE) {
              out += src.slice(from, i + 1);
              i += 2;
              from = i;
              continue;
            }
            out += src.slice(from, i);
            i++;
            closed = true;
            break;
          }
          if (c === LF || (c === CR && src.charCodeAt(i + 1) !== LF)) line++;
          i++;
        }
        if (!closed) {
          out += src.slice(from, i);
          onError(fieldLine, fields.length, out, 'a quoted field is never closed');
        } else if (i < n && !isDelimiter(src.charCodeAt(i))) {
          const junkFrom = i;
          while (i < n && !isDelimiter(src.charCodeAt(i))) i++;
          onError(
            fieldLine,
            fields.length,
            out + src.slice(junkFrom, i),
            'text after the closing quote of a quoted field',
          );
          out += src.slice(junkFrom, i);
        }
        value = out;
      } else {
        const from = i;
        while (i < n && !isDelimiter(src.charCodeAt(i))) i++;
        value = src.slice(from, i);
        if (value.includes('"')) {
          onError(fieldLine, fields.length, value, 'a quote inside an unquoted field');
        }
      }
      fields.push(value);
      if (i >= n) {
        endOfRecord = true;
      } else if (src.charCodeAt(i) === COMMA) {
        i++;
        // A trailing comma at the very end of the file still means one more empty field.
        if (i >= n) {
          fields.push('');
          endOfRecord = true;
        }
      } else {
        skipBreak();
        endOfRecord = true;
      }
    }
    if (fields.every((f) => f.trim() === '')) continue;
    if (records.length >= maxRecords) return { records, overLimit: true };
    records.push({ line: startLine, fields });
  }
  return { records, overLimit: false };
}

function isDelimiter(c: number): boolean {
  return c === COMMA || c === LF || c === CR;
}
