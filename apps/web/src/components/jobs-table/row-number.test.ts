import { describe, expect, it } from 'vitest';
import type { Job } from '@meridian/domain';
import { rowNumber } from './row-number';
import { jobsPdfTable } from '../../features/import/jobs-pdf';
import { schedulePdfTable } from '../../features/schedule/schedule-pdf';

describe('row numbers', () => {
  it('count from 1 and are padded to 3 digits', () => {
    expect(rowNumber(0)).toBe('001');
    expect(rowNumber(9)).toBe('010');
    expect(rowNumber(98)).toBe('099');
    expect(rowNumber(99)).toBe('100');
  });

  it('grow past 3 digits instead of being cut', () => {
    expect(rowNumber(999)).toBe('1000');
  });

  it('are the same in the Data Management and schedule PDFs', () => {
    const jobs = Array.from({ length: 12 }, (_, id) => ({ id, reason: '' }) as Job);
    const first = (rows: readonly (readonly unknown[])[]) => rows.map((row) => row[0]);
    const expected = jobs.map((_, index) => rowNumber(index));
    expect(first(jobsPdfTable('Data Management', jobs).rows)).toEqual(expected);
    expect(first(schedulePdfTable(jobs).rows)).toEqual(expected);
    expect(expected[11]).toBe('012');
  });
});
