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

/**
 * Reads the first worksheet into records numbered by sheet row (header = row
 * 1), the same shape the CSV reader gives, so one pipeline serves both.
 * Returns null when the bytes are not a workbook or it has no sheet.
 */
export async function readXlsxRecords(
  bytes: Uint8Array,
  maxRecords: number,
): Promise<{ records: CsvRecord[]; overLimit: boolean } | null> {
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
