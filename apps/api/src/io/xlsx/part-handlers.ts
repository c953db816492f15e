import { ownCopy, parseAttributes, type XmlHandler } from './xml-tokens';

/**
 * Handlers for the small parts that say where the first sheet is and how to
 * read its cells: relationships, the workbook, the styles and the shared
 * strings. Each fills a plain result object as the tokenizer calls it.
 */

/** Thrown when a part holds more than a limit allows; the reader answers 413 naming it. */
export class XlsxLimitError extends Error {
  override name = 'XlsxLimitError';
  constructor(readonly limit: 'cells' | 'text') {
    super(`over the ${limit} limit`);
  }
}

/** Thrown when a workbook's parts contradict each other; the reader answers 422. */
export class XlsxShapeError extends Error {
  override name = 'XlsxShapeError';
}

/** One relationship of a .rels part. */
export interface Relationship {
  type: string;
  target: string;
}

/** Reads a .rels part into Id -> relationship. */
export function relationshipsHandler(into: Map<string, Relationship>): XmlHandler {
  return {
    open(name, attributes) {
      if (name !== 'Relationship') return;
      const found = parseAttributes(attributes);
      const id = found.get('Id');
      if (id !== undefined && !into.has(id))
        into.set(id, { type: found.get('Type') ?? '', target: found.get('Target') ?? '' });
    },
    close() {},
    text() {},
  };
}

/** What the workbook part says: its first sheet's relationship id and its date system. */
export interface WorkbookInfo {
  firstSheetId: string | null;
  date1904: boolean;
}

/** Reads the workbook part: the first `<sheet>` in document order, and `date1904`. */
export function workbookHandler(into: WorkbookInfo): XmlHandler {
  return {
    open(name, attributes) {
      if (name === 'workbookPr') {
        const value = parseAttributes(attributes).get('date1904');
        into.date1904 = value === '1' || value === 'true';
      } else if (name === 'sheet' && into.firstSheetId === null) {
        into.firstSheetId = parseAttributes(attributes).get('id') ?? null;
      }
    },
    close() {},
    text() {},
  };
}

/** Built-in number formats that show a date (ECMA-376 18.8.30): 14-17, 22, 27-36, 50-58. */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/**
 * Whether a custom format code shows a date: a day, year or month token
 * outside quoted text, escapes and brackets (`h:mm` alone is a time).
 */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/[_*]./g, '');
  return /[dy]/i.test(bare) || (/m/i.test(bare) && !/[hs]/i.test(bare));
}

/** Reads the styles part into, per cell style index (`s`), whether it shows a date. */
export function stylesHandler(dateStyles: boolean[]): XmlHandler {
  const customDates = new Map<number, boolean>();
  let inCellXfs = false;
  return {
    open(name, attributes, selfClosing) {
      if (name === 'numFmt') {
        const found = parseAttributes(attributes);
        customDates.set(
          Number(found.get('numFmtId')),
          isDateFormatCode(found.get('formatCode') ?? ''),
        );
      } else if (name === 'cellXfs') {
        inCellXfs = !selfClosing;
      } else if (name === 'xf' && inCellXfs) {
        if (dateStyles.length >= 65_536) throw new XlsxLimitError('cells');
        const id = Number(parseAttributes(attributes).get('numFmtId') ?? 0);
        dateStyles.push(customDates.get(id) ?? BUILT_IN_DATE_FORMATS.has(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  };
}

/** Counts cells or strings and their text against the sheet's limits. */
export class TextBudget {
  private cells = 0;
  private chars = 0;

  constructor(
    private readonly maxCells: number,
    private readonly maxChars: number,
  ) {}

  /** Takes `count` cells (or strings) of `chars` characters in all; throws past a limit. */
  take(count: number, chars: number): void {
    this.cells += count;
    this.chars += chars;
    if (this.cells > this.maxCells) throw new XlsxLimitError('cells');
    if (this.chars > this.maxChars) throw new XlsxLimitError('text');
  }
}

/**
 * Reads the shared strings: each `<si>`'s text runs joined, without the
 * phonetic guide (`<rPh>`) that Japanese text may carry.
 */
export function sharedStringsHandler(into: string[], budget: TextBudget): XmlHandler {
  let current: string | null = null;
  let capture = false;
  let inPhonetic = false;
  return {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') inPhonetic = true;
      else if (name === 't' && current !== null && !inPhonetic) capture = true;
    },
    close(name) {
      if (name === 't') capture = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si' && current !== null) {
        budget.take(1, 0);
        into.push(ownCopy(current));
        current = null;
      }
    },
    text(text) {
      if (!capture || current === null) return;
      budget.take(0, text.length);
      current += text;
    },
  };
}
