import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import { writeZip } from '../../src/io/xlsx/zip-write';

/**
 * Workbooks for the reader's tests. Real ones come from write-excel-file, a
 * writer that is not ours; hand-made ones put the XML a test names into the
 * parts a workbook needs, for what that writer never writes (rich text,
 * phonetic guides, cached formula results, the 1904 date system, prefixes).
 */

/** A workbook of two sheets by write-excel-file: the rows given, then a sheet "Ignored". */
export async function writtenWorkbook(rows: SheetData): Promise<Uint8Array> {
  const buffer = await writeXlsxFile([
    { sheet: 'Jobs', data: rows, dateFormat: 'mm/dd/yyyy' },
    { sheet: 'Ignored', data: [['not', 'read']] },
  ]).toBuffer();
  return new Uint8Array(buffer);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The parts of a hand-made workbook; each is the XML inside its root element. */
export interface HandmadeParts {
  sheetData: string;
  sharedStrings?: string;
  cellXfs?: string;
  numFmts?: string;
  workbookPr?: string;
  /** Extra files, by name, to pad the zip. */
  extra?: Record<string, string>;
}

/** A workbook whose sheet, shared strings and styles hold exactly the XML given. */
export function handmadeWorkbook(parts: HandmadeParts): Uint8Array {
  const rels = [
    `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`,
    `<Relationship Id="rId2" Type="${REL}/styles" Target="/xl/styles.xml"/>`,
    parts.sharedStrings === undefined
      ? ''
      : `<Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`,
  ].join('');
  const files: Record<string, string> = {
    '_rels/.rels': `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="${REL}">${parts.workbookPr ?? ''}<sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships xmlns="${PKG}">${rels}</Relationships>`,
    'xl/styles.xml': `<styleSheet xmlns="${MAIN}">${parts.numFmts ?? ''}<cellXfs>${parts.cellXfs ?? '<xf numFmtId="0"/>'}</cellXfs></styleSheet>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData>${parts.sheetData}</sheetData></worksheet>`,
    ...(parts.sharedStrings === undefined
      ? {}
      : { 'xl/sharedStrings.xml': `<sst xmlns="${MAIN}">${parts.sharedStrings}</sst>` }),
    ...parts.extra,
  };
  return new Uint8Array(
    writeZip(Object.entries(files).map(([name, text]) => ({ name, data: Buffer.from(text) }))),
  );
}

/** Offsets of every zip record with this signature, in file order. */
export function signatures(bytes: Uint8Array, signature: number): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: number[] = [];
  for (let i = 0; i + 4 <= bytes.byteLength; i++) {
    if (view.getUint32(i, true) === signature) found.push(i);
  }
  return found;
}
