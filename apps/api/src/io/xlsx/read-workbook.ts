import { posix } from 'node:path';
import type { CsvRecord } from '../csv-reader';
import {
  MAX_XLSX_CELLS,
  MAX_XLSX_ENTRIES,
  MAX_XLSX_TEXT_CHARS,
  MAX_XLSX_UNPACKED_BYTES,
} from '../issues';
import {
  TextBudget,
  XlsxLimitError,
  XlsxShapeError,
  relationshipsHandler,
  sharedStringsHandler,
  stylesHandler,
  workbookHandler,
  type Relationship,
  type WorkbookInfo,
} from './part-handlers';
import { StopReading, sheetRowsHandler, type SheetRows } from './sheet-rows';
import { XmlError, XmlTokenizer, type XmlHandler } from './xml-tokens';
import {
  ZipEntryError,
  inflateEntry,
  listZip,
  type InflateBudget,
  type ZipEntryRef,
} from './zip-entries';

/** The limits an .xlsx can be over, as named in the 413 answer (io/issues.ts). */
export type XlsxLimit = 'expanded' | 'entries' | 'cells' | 'text' | 'memory';

/** What reading a workbook gave: its first sheet's rows, or why there are none. */
export type XlsxReadResult =
  | { ok: true; records: CsvRecord[]; overLimit: boolean }
  | { ok: false; reason: 'invalid'; message: string }
  | { ok: false; reason: 'too_large'; limit: XlsxLimit };

const NOT_A_WORKBOOK = 'the file is not an .xlsx workbook with a sheet';

/** The zip's parts, read one at a time through the tokenizer, against one inflate budget. */
class Parts {
  readonly budget: InflateBudget = { left: MAX_XLSX_UNPACKED_BYTES };

  constructor(
    private readonly bytes: Uint8Array,
    private readonly entries: Map<string, ZipEntryRef>,
  ) {}

  /** Streams a part through `handler`; false when the zip has no such part. */
  async read(name: string, handler: XmlHandler): Promise<boolean> {
    const entry = this.entries.get(name.toLowerCase());
    if (entry === undefined) return false;
    const tokens = new XmlTokenizer(handler);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    await inflateEntry(this.bytes, entry, this.budget, (chunk) =>
      tokens.write(decoder.decode(chunk, { stream: true })),
    );
    tokens.write(decoder.decode());
    tokens.end();
    return true;
  }
}

/** Where a relationship's target lies: relative to the folder of the part that names it. */
function resolveTarget(from: string, target: string): string | null {
  const joined = target.startsWith('/') ? target.slice(1) : posix.join(posix.dirname(from), target);
  const normal = posix.normalize(joined);
  return normal.startsWith('..') || normal.startsWith('/') ? null : normal;
}

/** The .rels part that belongs to a part: `xl/workbook.xml` -> `xl/_rels/workbook.xml.rels`. */
const relsOf = (part: string): string =>
  posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);

const firstOfType = (rels: Map<string, Relationship>, kind: string): Relationship | undefined =>
  [...rels.values()].find((rel) => rel.type.endsWith(`/${kind}`));

/**
 * Reads the first worksheet of an .xlsx into records numbered by sheet row
 * (header = row 1), stopping after `maxRecords` non-blank rows. Only the
 * parts that lead to that sheet are inflated (relationships, workbook,
 * styles, shared strings, the sheet), each streamed through the tokenizer:
 * the memory it takes is the records and shared strings it keeps, each under
 * a limit, never a part's whole text. Runs in the worker thread of
 * read-thread.ts: any bytes give one of the answers above, and only a fault
 * of this code throws.
 */
export async function readFirstSheet(
  bytes: Uint8Array,
  maxRecords: number,
): Promise<XlsxReadResult> {
  const listing = listZip(bytes, MAX_XLSX_ENTRIES);
  if (!listing.ok)
    return listing.reason === 'too_many_entries'
      ? { ok: false, reason: 'too_large', limit: 'entries' }
      : { ok: false, reason: 'invalid', message: NOT_A_WORKBOOK };
  const parts = new Parts(bytes, listing.entries);
  const rows: SheetRows = { records: [], overLimit: false };
  try {
    const rootRels = new Map<string, Relationship>();
    await parts.read('_rels/.rels', relationshipsHandler(rootRels));
    const office = firstOfType(rootRels, 'officeDocument');
    const workbookPart = (office && resolveTarget('', office.target)) ?? 'xl/workbook.xml';
    const workbook: WorkbookInfo = { firstSheetId: null, date1904: false };
    if (!(await parts.read(workbookPart, workbookHandler(workbook))))
      return { ok: false, reason: 'invalid', message: NOT_A_WORKBOOK };
    const rels = new Map<string, Relationship>();
    await parts.read(relsOf(workbookPart), relationshipsHandler(rels));
    const sheetRel = workbook.firstSheetId === null ? undefined : rels.get(workbook.firstSheetId);
    const sheetPart = sheetRel && resolveTarget(workbookPart, sheetRel.target);
    if (!sheetPart) return { ok: false, reason: 'invalid', message: NOT_A_WORKBOOK };

    const dateStyles: boolean[] = [];
    const styles = firstOfType(rels, 'styles');
    const stylesPart = styles && resolveTarget(workbookPart, styles.target);
    if (stylesPart) await parts.read(stylesPart, stylesHandler(dateStyles));
    const sharedStrings: string[] = [];
    const shared = firstOfType(rels, 'sharedStrings');
    const sharedPart = shared && resolveTarget(workbookPart, shared.target);
    const stringBudget = new TextBudget(MAX_XLSX_CELLS, MAX_XLSX_TEXT_CHARS);
    if (sharedPart) await parts.read(sharedPart, sharedStringsHandler(sharedStrings, stringBudget));

    const budget = new TextBudget(MAX_XLSX_CELLS, MAX_XLSX_TEXT_CHARS);
    const context = { sharedStrings, dateStyles, date1904: workbook.date1904, maxRecords, budget };
    if (!(await parts.read(sheetPart, sheetRowsHandler(context, rows))))
      return { ok: false, reason: 'invalid', message: NOT_A_WORKBOOK };
  } catch (error) {
    if (error instanceof StopReading) return { ok: true, records: rows.records, overLimit: true };
    if (error instanceof XlsxLimitError)
      return { ok: false, reason: 'too_large', limit: error.limit };
    if (error instanceof ZipEntryError)
      return error.reason === 'too_large'
        ? { ok: false, reason: 'too_large', limit: 'expanded' }
        : { ok: false, reason: 'invalid', message: `${NOT_A_WORKBOOK} (a part is corrupt)` };
    if (error instanceof XmlError || error instanceof XlsxShapeError)
      return { ok: false, reason: 'invalid', message: `${NOT_A_WORKBOOK} (${error.message})` };
    if ((error as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA')
      return { ok: false, reason: 'invalid', message: `${NOT_A_WORKBOOK} (a part is not UTF-8)` };
    throw error;
  }
  return { ok: true, records: rows.records, overLimit: rows.overLimit };
}
