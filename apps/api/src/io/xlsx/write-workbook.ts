import { writeZip } from './zip-write';

/** A cell to write: text, a number, a date (YYYY-MM-DD, written as a date cell) or nothing. */
export type SheetCell = string | number | { date: string } | null;

/** One sheet: a bold, frozen header row over the rows, with a width per column. */
export interface SheetSpec {
  name: string;
  columns: readonly string[];
  widths: readonly number[];
  rows: readonly (readonly SheetCell[])[];
}

/** Cell styles of styles.xml, by their index in cellXfs. */
const STYLE = { plain: 0, header: 1, date: 2, integer: 3 } as const;
const DAY_MS = 86_400_000;
/** Day 0 of Excel's 1900 date system as it counts from March 1900 on. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
/** The first day whose serial the 1900 system gets right (its day 60 is a 29 February that never was). */
const FIRST_SAFE_DAY = Date.UTC(1900, 2, 1);

const xmlText = (text: string): string =>
  text.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );

/** The column letters of a 0-based index: 0 -> A, 27 -> AB. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A YYYY-MM-DD date's serial in the 1900 date system, or null for text that is no such date. */
export function dateSerial(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (new Date(time).toISOString().slice(0, 10) !== text || time < FIRST_SAFE_DAY) return null;
  return (time - EPOCH_1900) / DAY_MS;
}

function inlineString(ref: string, text: string, style: number): string {
  const space = /^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : '';
  const s = style === STYLE.plain ? '' : ` s="${style}"`;
  return `<c r="${ref}" t="inlineStr"${s}><is><t${space}>${xmlText(text)}</t></is></c>`;
}

function cellXml(ref: string, cell: SheetCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return '';
    const style = Number.isInteger(cell) ? ` s="${STYLE.integer}"` : '';
    return `<c r="${ref}"${style}><v>${cell}</v></c>`;
  }
  if (typeof cell === 'string') return cell === '' ? '' : inlineString(ref, cell, STYLE.plain);
  const serial = dateSerial(cell.date);
  if (serial === null) return cell.date === '' ? '' : inlineString(ref, cell.date, STYLE.plain);
  return `<c r="${ref}" s="${STYLE.date}"><v>${serial}</v></c>`;
}

function sheetXml(sheet: SheetSpec): string {
  const lastColumn = columnLetters(Math.max(0, sheet.columns.length - 1));
  const cols = sheet.widths
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  const header = sheet.columns
    .map((name, i) => inlineString(`${columnLetters(i)}1`, name, STYLE.header))
    .join('');
  const rows = sheet.rows.map((row, r) => {
    const cells = row.map((cell, i) => cellXml(`${columnLetters(i)}${r + 2}`, cell)).join('');
    return `<row r="${r + 2}">${cells}</row>`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<dimension ref="A1:${lastColumn}${sheet.rows.length + 1}"/>` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>' +
    (cols ? `<cols>${cols}</cols>` : '') +
    `<sheetData><row r="1">${header}</row>${rows.join('')}</sheetData></worksheet>`
  );
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const SHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const CONTENT_TYPES =
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/xl/workbook.xml" ContentType="${SHEET_TYPE}.sheet.main+xml"/>` +
  `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${SHEET_TYPE}.worksheet+xml"/>` +
  `<Override PartName="/xl/styles.xml" ContentType="${SHEET_TYPE}.styles+xml"/>` +
  '</Types>';

const ROOT_RELS =
  `${XML}<Relationships xmlns="${PACKAGE_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

const WORKBOOK_RELS =
  `${XML}<Relationships xmlns="${PACKAGE_REL}">` +
  `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/>` +
  '</Relationships>';

/** Fonts 0 (plain) and 1 (bold); cell styles as in STYLE: dates yyyy-mm-dd, whole numbers "0". */
const STYLES =
  `${XML}<styleSheet xmlns="${MAIN}">` +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
  '<fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/**
 * One-sheet .xlsx: text as inline strings, numbers as numbers (whole ones
 * formatted "0"), dates as date serials formatted yyyy-mm-dd, so a
 * spreadsheet sorts, filters and sums them as what they are. Never a formula.
 */
export function writeWorkbook(sheet: SheetSpec): Buffer {
  const name = xmlText(sheet.name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1');
  const workbook =
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}">` +
    `<sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const files = [
    { name: '[Content_Types].xml', text: CONTENT_TYPES },
    { name: '_rels/.rels', text: ROOT_RELS },
    { name: 'xl/workbook.xml', text: workbook },
    { name: 'xl/_rels/workbook.xml.rels', text: WORKBOOK_RELS },
    { name: 'xl/styles.xml', text: STYLES },
    { name: 'xl/worksheets/sheet1.xml', text: sheetXml(sheet) },
  ];
  return writeZip(files.map((file) => ({ name: file.name, data: Buffer.from(file.text, 'utf8') })));
}
