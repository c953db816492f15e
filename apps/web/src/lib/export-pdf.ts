import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import {
  exportFileName,
  exportPdfTable,
  type ExportData,
  type ExportPage,
  type PdfTable,
} from '@meridian/contracts';
import { PDF_LANDSCAPE_ABOVE_COLUMNS } from '@meridian/domain';

/** The page orientation for a table of `columnCount` columns: landscape above 8 (spec section 9). */
export const pdfOrientation = (columnCount: number): 'landscape' | 'portrait' =>
  columnCount > PDF_LANDSCAPE_ABOVE_COLUMNS ? 'landscape' : 'portrait';

/** Builds the page's PDF in the browser; wide tables (more than 8 columns) go landscape. */
export function buildPdf(table: PdfTable): jsPDF {
  const orientation = pdfOrientation(table.columns.length);
  const doc = new jsPDF({ orientation, unit: 'pt', format: 'a4' });
  doc.setFontSize(14);
  doc.text(table.title, 40, 36);
  autoTable(doc, {
    startY: 48,
    head: [[...table.columns]],
    body: table.rows.map((row) => row.map((cell) => (cell == null ? '' : String(cell)))),
    styles: { fontSize: 7, cellPadding: 3, overflow: 'linebreak' },
    headStyles: { fillColor: [25, 118, 210] },
    margin: { left: 24, right: 24 },
  });
  return doc;
}

/** Builds the page's PDF of the rows shown and saves it as {page}_export.pdf. */
export function savePdf(page: ExportPage, shown: ExportData): void {
  buildPdf(exportPdfTable(page, shown)).save(exportFileName(page, 'pdf'));
}
