import { describe, expect, it } from 'vitest';
import { buildPdf, pdfOrientation } from './export-pdf';
import { exportPdfTable } from '@meridian/contracts';

const columns = (count: number) => Array.from({ length: count }, (_, index) => `C${index + 1}`);

describe('PDF orientation', () => {
  it('is portrait up to 8 columns and landscape above', () => {
    expect(pdfOrientation(1)).toBe('portrait');
    expect(pdfOrientation(8)).toBe('portrait');
    expect(pdfOrientation(9)).toBe('landscape');
    expect(pdfOrientation(13)).toBe('landscape');
  });

  it('gives the built document a wide page above 8 columns and a tall one otherwise', () => {
    const size = (count: number) => {
      const page = buildPdf({ title: 'T', columns: columns(count), rows: [] }).internal.pageSize;
      return { width: page.getWidth(), height: page.getHeight() };
    };
    const wide = size(9);
    const tall = size(8);
    expect(wide.width).toBeGreaterThan(wide.height);
    expect(tall.width).toBeLessThan(tall.height);
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
