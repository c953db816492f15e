import type ExcelJS from 'exceljs';
import { loadExcelJS } from './exceljs-module';
import type { CsvRecord } from './csv-reader';
import { MAX_XLSX_UNPACKED_BYTES } from './issues';
import { storeZip, unpackZip } from './zip-unpack';

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
export const MAX_XLSX_EXPANDED_BYTES = MAX_XLSX_UNPACKED_BYTES;

/**
 * Reads the first worksheet into records numbered by sheet row (header = row
 * 1), the same shape the CSV reader gives, so one pipeline serves both.
 * The zip is unpacked first with a byte counter (declared sizes are not
 * trusted, CRCs are checked) and exceljs gets a copy that only stores those
 * bytes. Returns 'too_large' when the parts inflate past
 * MAX_XLSX_EXPANDED_BYTES, null when the bytes are not a workbook or it has
 * no sheet.
 */
export async function readXlsxRecords(
  bytes: Uint8Array,
  maxRecords: number,
): Promise<{ records: CsvRecord[]; overLimit: boolean } | 'too_large' | null> {
  const unpacked = await unpackZip(bytes, MAX_XLSX_EXPANDED_BYTES);
  if (!unpacked.ok) return unpacked.reason === 'too_large' ? 'too_large' : null;
  const stored = storeZip(unpacked.entries);
  unpacked.entries.length = 0;
  const workbook = new (await loadExcelJS()).Workbook();
  try {
    // exceljs's Buffer type lags Node's generic Buffer; the bytes are the same.
    await workbook.xlsx.load(stored as unknown as ExcelJS.Buffer);
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
