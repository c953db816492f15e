import { describe, expect, it } from 'vitest';
import { buildPdf, pdfOrientation } from './export-pdf';
import { jobsPdfTable } from '../features/import/jobs-pdf';
import { schedulePdfTable } from '../features/schedule/schedule-pdf';

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

  it('prints the Data Management and schedule tables (10 columns) in landscape', () => {
    expect(pdfOrientation(jobsPdfTable('Data Management', []).columns.length)).toBe('landscape');
    expect(pdfOrientation(schedulePdfTable([]).columns.length)).toBe('landscape');
  });
});
