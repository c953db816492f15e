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
import regularFontUrl from './pdf-font/noto-sans-regular.ttf?url';
import boldFontUrl from './pdf-font/noto-sans-bold.ttf?url';
import type { PaperSize } from './pdf-paper';

/** The page orientation for a table of `columnCount` columns: landscape above 8 columns. */
export const pdfOrientation = (columnCount: number): 'landscape' | 'portrait' =>
  columnCount > PDF_LANDSCAPE_ABOVE_COLUMNS ? 'landscape' : 'portrait';

/**
 * The font every PDF is written in: Noto Sans, subset to Latin (Vietnamese
 * included), Greek and Cyrillic (scripts/subset-pdf-font.mjs). jsPDF's own
 * fonts are Latin-1 only, so "Nguyễn" would print garbled.
 */
export interface PdfFont {
  readonly regular: Uint8Array;
  readonly bold: Uint8Array;
}

const FONT = 'NotoSans';

/** jsPDF reads a TrueType file from its virtual file system as a binary string. */
function binaryString(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return text;
}

function embedFont(doc: jsPDF, font: PdfFont): void {
  doc.addFileToVFS('NotoSans-Regular.ttf', binaryString(font.regular));
  doc.addFont('NotoSans-Regular.ttf', FONT, 'normal');
  doc.addFileToVFS('NotoSans-Bold.ttf', binaryString(font.bold));
  doc.addFont('NotoSans-Bold.ttf', FONT, 'bold');
  doc.setFont(FONT, 'normal');
}

/** Builds the page's PDF on `paper`; wide tables (more than 8 columns) go landscape. */
export function buildPdf(table: PdfTable, font: PdfFont, paper: PaperSize): jsPDF {
  const orientation = pdfOrientation(table.columns.length);
  const doc = new jsPDF({ orientation, unit: 'pt', format: paper });
  embedFont(doc, font);
  doc.setFontSize(14);
  doc.text(table.title, 40, 36);
  autoTable(doc, {
    startY: 48,
    head: [[...table.columns]],
    body: table.rows.map((row) => row.map((cell) => (cell == null ? '' : String(cell)))),
    styles: { font: FONT, fontSize: 7, cellPadding: 3, overflow: 'linebreak' },
    headStyles: { font: FONT, fontStyle: 'bold', fillColor: [25, 118, 210] },
    margin: { left: 24, right: 24 },
  });
  return doc;
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the PDF font could not be loaded (${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The font files, built into the app; fetched the first time a PDF is made (cached after). */
export async function loadPdfFont(): Promise<PdfFont> {
  const [regular, bold] = await Promise.all([fetchBytes(regularFontUrl), fetchBytes(boldFontUrl)]);
  return { regular, bold };
}

/** Builds the page's PDF of the rows shown on `paper` and saves it as {page}_export.pdf. */
export async function savePdf(
  page: ExportPage,
  shown: ExportData,
  paper: PaperSize,
): Promise<void> {
  const font = await loadPdfFont();
  buildPdf(exportPdfTable(page, shown), font, paper).save(exportFileName(page, 'pdf'));
}
