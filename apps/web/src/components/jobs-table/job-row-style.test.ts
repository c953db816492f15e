import { describe, expect, it } from 'vitest';
import { includesWeekend, type Job } from '@meridian/domain';
import { jobRowClass } from './job-row-style';
import { testJob } from '../../test/job-fixture';

const job = (zip_code: string, start: string | null, end: string | null = start): Job =>
  testJob({ zip_code, start, end });

// 2026-03-02 is a Monday, 2026-03-06 a Friday, 2026-03-07 a Saturday, 2026-03-08 a Sunday.
describe('includesWeekend', () => {
  it('is false for a range inside one working week', () => {
    expect(includesWeekend('2026-03-02', '2026-03-06')).toBe(false);
    expect(includesWeekend('2026-03-04', '2026-03-04')).toBe(false);
  });

  it('is true when the range touches a Saturday or a Sunday', () => {
    expect(includesWeekend('2026-03-06', '2026-03-07')).toBe(true);
    expect(includesWeekend('2026-03-08', '2026-03-09')).toBe(true);
    expect(includesWeekend('2026-03-07', '2026-03-07')).toBe(true);
  });

  it('is true for any range of a week or more', () => {
    expect(includesWeekend('2026-03-02', '2026-03-20')).toBe(true);
  });
});

describe('jobRowClass', () => {
  it('is red for every spelling of a missing zip', () => {
    for (const zip of ['', '  ', 'null', 'None', 'N/A', '0']) {
      expect(jobRowClass(job(zip, '2026-03-02')), `zip "${zip}"`).toBe('job-missing-zip');
    }
  });

  it('is yellow for a weekend inside the range', () => {
    expect(jobRowClass(job('10016', '2026-03-06', '2026-03-09'))).toBe('job-weekend');
  });

  it('is red, not yellow, when the zip is missing and the range spans a weekend', () => {
    expect(jobRowClass(job('n/a', '2026-03-06', '2026-03-09'))).toBe('job-missing-zip');
  });

  it('treats a missing end as a one-day job', () => {
    expect(jobRowClass(job('10016', '2026-03-07', null))).toBe('job-weekend');
    expect(jobRowClass(job('10016', '2026-03-06', null))).toBeUndefined();
  });

  it('has no class for a weekday job with a zip, or for an undated one', () => {
    expect(jobRowClass(job('10016', '2026-03-02', '2026-03-06'))).toBeUndefined();
    expect(jobRowClass(job('02115', null, null))).toBeUndefined();
  });
});
