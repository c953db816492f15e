import Papa from 'papaparse';
import {
  exportFileName,
  exportFileTable,
  type ExportCell,
  type ExportData,
  type ExportPage,
  type ExportTable,
} from '@meridian/contracts';
import { neutralizeCell } from './cells';
import { writeWorkbook, type SheetCell } from './xlsx/write-workbook';

/** The two export formats. */
export type ExportFormat = 'csv' | 'xlsx';

/** A finished export file, ready to send. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** The media types of an export, as the API description lists them. */
export const EXPORT_MEDIA_TYPES = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The text a cell is written with: strings neutralised, numbers plain, empties empty. */
function cellOut(cell: ExportCell): string | number {
  if (cell === null) return '';
  return typeof cell === 'number' ? cell : neutralizeCell(cell);
}

/**
 * XML 1.0 cannot carry NUL and most C0 controls, and an XML reader turns CR
 * into LF: doing both before neutralising keeps the apostrophe rule and the
 * round trip exact for XLSX too. A date column's YYYY-MM-DD text becomes a
 * date cell.
 */
function xlsxCell(cell: ExportCell, isDate: boolean): SheetCell {
  if (typeof cell !== 'string') return cell;
  if (isDate && /^\d{4}-\d{2}-\d{2}$/.test(cell)) return { date: cell };
  const xmlSafe = cell
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  return neutralizeCell(xmlSafe);
}

/**
 * RFC 4180 CSV: CRLF line ends, fields quoted when they hold a comma, quote or
 * line break (papaparse also quotes a leading or trailing space, so no reader
 * trims it), and a UTF-8 byte order mark so Excel does not read it as ANSI.
 * Formula neutralising is ours (cellOut), not papaparse's escapeFormulae, so
 * CSV and XLSX apply the same rule.
 */
export function tableToCsv(table: ExportTable): Buffer {
  const csv = Papa.unparse(
    { fields: [...table.columns], data: table.rows.map((row) => row.map(cellOut)) },
    { delimiter: ',', newline: '\r\n', quoteChar: '"', escapeChar: '"', escapeFormulae: false },
  );
  return Buffer.from(`\uFEFF${csv}\r\n`, 'utf8');
}

/**
 * One-sheet XLSX with a bold, frozen header row: text as text, numbers as
 * numbers, dates as dates (io/xlsx/write-workbook.ts), never a formula; text
 * gets the same apostrophe as in CSV because a user who saves the sheet as
 * CSV would otherwise hand the formula on.
 */
export function tableToXlsx(table: ExportTable, sheetName: string): Buffer {
  return writeWorkbook({
    name: sheetName,
    columns: table.columns,
    widths: table.columns.map((name) => Math.max(12, Math.min(40, name.length + 4))),
    rows: table.rows.map((row) => row.map((cell, i) => xlsxCell(cell, table.dates?.[i] === true))),
  });
}

/** Builds a page's export file in the asked format (what GET /api/v1/export sends). */
export function buildExport(page: ExportPage, format: ExportFormat, data: ExportData): ExportFile {
  // The columns are the contract's, shared with the browser's PDF of the same page.
  const table = exportFileTable(page, data);
  const body = format === 'csv' ? tableToCsv(table) : tableToXlsx(table, page);
  return { fileName: exportFileName(page, format), contentType: CONTENT_TYPES[format], body };
}
