import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPdf, pdfOrientation, type PdfFont } from './export-pdf';
import { exportPdfTable } from '@meridian/contracts';

const columns = (count: number) => Array.from({ length: count }, (_, index) => `C${index + 1}`);

// The font as the app ships it (the browser fetches these same files).
const fontDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pdf-font');
const font: PdfFont = {
  regular: new Uint8Array(readFileSync(path.join(fontDir, 'noto-sans-regular.ttf'))),
  bold: new Uint8Array(readFileSync(path.join(fontDir, 'noto-sans-bold.ttf'))),
};

const pageSize = (count: number, paper: 'letter' | 'a4' = 'letter') => {
  const page = buildPdf({ title: 'T', columns: columns(count), rows: [] }, font, paper).internal
    .pageSize;
  return { width: page.getWidth(), height: page.getHeight() };
};

describe('PDF orientation and paper', () => {
  it('is portrait up to 8 columns and landscape above', () => {
    expect(pdfOrientation(1)).toBe('portrait');
    expect(pdfOrientation(8)).toBe('portrait');
    expect(pdfOrientation(9)).toBe('landscape');
    expect(pdfOrientation(13)).toBe('landscape');
  });

  it('gives the built document a wide page above 8 columns and a tall one otherwise', () => {
    const wide = pageSize(9);
    const tall = pageSize(8);
    expect(wide.width).toBeGreaterThan(wide.height);
    expect(tall.width).toBeLessThan(tall.height);
  });

  it('lays out on US Letter (8.5 x 11 in) unless A4 is chosen (210 x 297 mm), in points', () => {
    expect(pageSize(4)).toEqual({ width: 612, height: 792 });
    expect(pageSize(9)).toEqual({ width: 792, height: 612 });
    const a4 = pageSize(4, 'a4');
    expect(a4.width).toBeCloseTo((210 / 25.4) * 72, 0);
    expect(a4.height).toBeCloseTo((297 / 25.4) * 72, 0);
  });

  it('prints the job pages (10 and 11 columns) in landscape and leave (4) in portrait', () => {
    const none = { jobs: [], unavailability: [] };
    const orientation = (page: Parameters<typeof exportPdfTable>[0]) =>
      pdfOrientation(exportPdfTable(page, none).columns.length);
    expect(orientation('datamanagement')).toBe('landscape');
    expect(orientation('schedule')).toBe('landscape');
    expect(orientation('assignments')).toBe('landscape');
    expect(orientation('unavailability')).toBe('portrait');
  });
});

describe('names in every script our people write them in', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'meridian-pdf-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('come out of the PDF exactly as they went in (read back by pdftotext)', () => {
    const names = ['Nguyễn Văn An', 'Zoë Müller', 'Søren Ødegård', 'Αλέξης Παπαδόπουλος', 'Ёлкина'];
    const doc = buildPdf(
      {
        title: 'Physicists: Nguyễn Văn An',
        columns: ['Name', 'Customer'],
        rows: names.map((name) => [name, `Clínica São José ${name.length}`]),
      },
      font,
      'letter',
    );
    const file = path.join(dir, 'names.pdf');
    writeFileSync(file, Buffer.from(doc.output('arraybuffer')));
    // pdftotext (Debian's poppler-utils; scripts/ensure-test-tools.mjs installs it) reads the
    // text as a PDF viewer's copy and search would: through the font's Unicode map.
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Physicists: Nguyễn Văn An');
    for (const name of names) expect(text).toContain(name);
    expect(text).toContain('Clínica São José');
  });
});
