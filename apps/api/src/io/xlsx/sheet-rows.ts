import type { CsvRecord } from '../csv-reader';
import { XlsxShapeError, type TextBudget } from './part-handlers';
import { ownCopy, parseAttributes, type XmlHandler } from './xml-tokens';

/** How the sheet's cells are read: shared strings, date styles and the date system. */
export interface SheetContext {
  sharedStrings: readonly string[];
  dateStyles: readonly boolean[];
  date1904: boolean;
  maxRecords: number;
  budget: TextBudget;
}

/** The rows read so far; `overLimit` once a row past `maxRecords` was met. */
export interface SheetRows {
  records: CsvRecord[];
  overLimit: boolean;
}

/** Thrown to stop reading once the row limit is passed (the rest of the sheet is not needed). */
export class StopReading extends Error {
  override name = 'StopReading';
}

/** The last column a sheet can have (XFD). */
const MAX_COLUMN = 16_384;
/** The last day Excel can show, 9999-12-31. */
const MAX_SERIAL = 2_958_465;
const DAY_MS = 86_400_000;

/** The 0-based column of a reference such as `AB12`, or null when it names none. */
export function columnOf(reference: string): number | null {
  const letters = /^([A-Z]{1,3})\d*$/.exec(reference)?.[1];
  if (letters === undefined) return null;
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column <= MAX_COLUMN ? column - 1 : null;
}

/**
 * A date serial as YYYY-MM-DD (its whole day; a time of day is dropped). In
 * the 1900 system day 1 is 1900-01-01 and day 60 the 29 February 1900 Excel
 * counts but the calendar lacks; in the 1904 system day 0 is 1904-01-01.
 */
export function serialToDate(serial: number, date1904: boolean): string | null {
  if (!Number.isFinite(serial) || serial < 0 || serial > MAX_SERIAL) return null;
  // Half a second's allowance, so 45,000.99999999 (a float's 23:59:59.9999) stays its day.
  const day = Math.floor(serial + 0.5 / 86_400);
  const base = date1904
    ? Date.UTC(1904, 0, 1)
    : day < 60
      ? Date.UTC(1899, 11, 31)
      : Date.UTC(1899, 11, 30);
  return new Date(base + day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A cell's text as a CSV field would hold it: shared and inline strings as
 * written, numbers in their plain decimal form (a zip typed as 2115 becomes
 * "2115" and gets its zero back from the zip rules), date-styled numbers as
 * YYYY-MM-DD, booleans true/false, a formula's cached result (a formula is
 * never evaluated or trusted), an error as its code.
 */
function cellText(type: string, style: number, raw: string, context: SheetContext): string {
  switch (type) {
    case 's': {
      const index = /^\d+$/.test(raw.trim()) ? Number(raw) : -1;
      const text = context.sharedStrings[index];
      if (text === undefined)
        throw new XlsxShapeError(
          `a cell names shared string '${raw.slice(0, 20)}', which is not there`,
        );
      return text;
    }
    case 'inlineStr':
    case 'str':
    case 'e':
      return raw;
    case 'b':
      return raw.trim() === '1' || raw.trim() === 'true' ? 'true' : 'false';
    case 'd': {
      const date = /^\d{4}-\d{2}-\d{2}/.exec(raw.trim())?.[0];
      return date ?? raw;
    }
    default: {
      const number = raw.trim() === '' ? Number.NaN : Number(raw);
      if (!Number.isFinite(number)) return raw;
      if (context.dateStyles[style] === true) return serialToDate(number, context.date1904) ?? raw;
      return String(number);
    }
  }
}

/**
 * Reads the sheet's rows into records numbered by sheet row (header = row
 * 1), the shape the CSV reader gives; rows with no text are skipped, and a
 * cell's missing neighbours to its left are empty fields.
 */
export function sheetRowsHandler(context: SheetContext, into: SheetRows): XmlHandler {
  let rowNumber = 0;
  let fields: string[] | null = null;
  let cell: { column: number; type: string; style: number; raw: string } | null = null;
  let capture = false;
  let inInline = false;
  let inPhonetic = false;

  const endCell = (): void => {
    if (cell === null || fields === null) return;
    const text = cellText(cell.type, cell.style, cell.raw, context);
    if (text !== '') {
      if (cell.column < fields.length) throw new XlsxShapeError('a row has its cells out of order');
      // The raw text was counted as it came; a shared string's text is counted here, per use.
      context.budget.take(cell.column + 1 - fields.length, cell.type === 's' ? text.length : 0);
      while (fields.length < cell.column) fields.push('');
      fields.push(ownCopy(text));
    }
    cell = null;
  };

  const endRow = (): void => {
    if (fields === null) return;
    const row = fields;
    fields = null;
    if (row.every((field) => field.trim() === '')) return;
    if (into.records.length >= context.maxRecords) {
      into.overLimit = true;
      throw new StopReading();
    }
    into.records.push({ line: rowNumber, fields: row });
  };

  return {
    open(name, attributes) {
      if (name === 'row') {
        const r = parseAttributes(attributes).get('r');
        const next = r === undefined ? rowNumber + 1 : Number(r);
        if (!Number.isInteger(next) || next <= rowNumber)
          throw new XlsxShapeError(`row '${(r ?? '').slice(0, 20)}' is out of order`);
        rowNumber = next;
        fields = [];
      } else if (name === 'c' && fields !== null) {
        const found = parseAttributes(attributes);
        const reference = found.get('r');
        const column = reference === undefined ? fields.length : columnOf(reference);
        if (column === null)
          throw new XlsxShapeError(`cell reference '${reference!.slice(0, 20)}' names no column`);
        cell = { column, type: found.get('t') ?? 'n', style: Number(found.get('s') ?? 0), raw: '' };
      } else if (cell !== null) {
        if (name === 'v') capture = true;
        else if (name === 'is') inInline = true;
        else if (name === 'rPh') inPhonetic = true;
        else if (name === 't' && inInline && !inPhonetic) capture = true;
      }
    },
    close(name) {
      if (name === 'v' || name === 't') capture = false;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c') endCell();
      else if (name === 'row') endRow();
    },
    text(text) {
      if (!capture || cell === null) return;
      // A cell's own text counts as it comes, so one huge cell cannot grow past the limit.
      context.budget.take(0, text.length);
      cell.raw += text;
    },
  };
}
