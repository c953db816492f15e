import ExcelJS from 'exceljs';
import type { CsvRecord } from './csv-reader';

/**
 * The text of one cell as a CSV field would hold it. Dates become YYYY-MM-DD
 * (exceljs gives them as UTC midnight), numbers their plain decimal form (a
 * zip typed as 2115 becomes "2115" and gets its zero back from normalizeZip),
 * formulas their cached result: a formula is never evaluated or trusted.
 */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  }
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : '';
  if ('error' in value) return String(value.error);
  return '';
}

/** Most an .xlsx may expand to: a 100,000-row sheet is well under it; a zip bomb is far over. */
export const MAX_XLSX_EXPANDED_BYTES = 200 * 1024 * 1024;

/**
 * The total uncompressed size the zip's central directory declares, or null
 * when the bytes are not a plain (non-ZIP64) zip. exceljs inflates every part
 * in memory, so a small upload could otherwise expand to gigabytes.
 */
export function declaredExpandedSize(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 22 + 65,535 bytes.
  let eocd = -1;
  for (let i = bytes.byteLength - 22; i >= Math.max(0, bytes.byteLength - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== 0x02014b50) return null;
    const size = view.getUint32(at + 24, true);
    if (size === 0xffffffff) return null; // ZIP64: not something Excel writes for our sizes
    total += size;
    at +=
      46 +
      view.getUint16(at + 28, true) +
      view.getUint16(at + 30, true) +
      view.getUint16(at + 32, true);
  }
  return total;
}

/**
 * Reads the first worksheet into records numbered by sheet row (header = row
 * 1), the same shape the CSV reader gives, so one pipeline serves both.
 * Returns null when the bytes are not a workbook, it has no sheet, or it
 * would expand past MAX_XLSX_EXPANDED_BYTES.
 */
export async function readXlsxRecords(
  bytes: Uint8Array,
  maxRecords: number,
): Promise<{ records: CsvRecord[]; overLimit: boolean } | null> {
  const expanded = declaredExpandedSize(bytes);
  if (expanded === null || expanded > MAX_XLSX_EXPANDED_BYTES) return null;
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's Buffer type lags Node's generic Buffer; the bytes are the same.
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  } catch {
    return null;
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return null;
  const records: CsvRecord[] = [];
  let overLimit = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (overLimit) return;
    const fields: string[] = [];
    for (let column = 1; column <= row.cellCount; column++) {
      fields.push(cellText(row.getCell(column).value));
    }
    if (fields.every((field) => field.trim() === '')) return;
    if (records.length >= maxRecords) {
      overLimit = true;
      return;
    }
    records.push({ line: rowNumber, fields });
  });
  return { records, overLimit };
}
