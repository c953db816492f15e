import { describe, expect, it } from 'vitest';
import { dateRange, jobInRange, parseDateWindow } from './date-window';

describe('dateRange', () => {
  it('runs from today onward by default', () => {
    expect(dateRange(parseDateWindow(null), '2026-11-28')).toEqual({
      from: '2026-11-28',
      to: null,
    });
  });

  it('covers Monday to Sunday of the week, across a month end', () => {
    // 2026-11-28 is a Saturday; 2026-12-02 a Wednesday.
    expect(dateRange('week', '2026-11-28')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(dateRange('week', '2026-12-02')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    // A Monday and a Sunday are in their own week.
    expect(dateRange('week', '2026-11-30')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(dateRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('covers the whole month, February of a leap year too', () => {
    expect(dateRange('month', '2026-11-28')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(dateRange('month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('reads an unknown window as the default', () => {
    expect(parseDateWindow('everything')).toBe('upcoming');
    expect(parseDateWindow('all')).toBe('all');
  });
});

describe('jobInRange', () => {
  const upcoming = dateRange('upcoming', '2026-11-28');
  const week = dateRange('week', '2026-11-28');

  it('keeps a job still running today and drops one that ended yesterday', () => {
    expect(jobInRange({ start: '2026-11-25', end: '2026-11-28' }, upcoming)).toBe(true);
    expect(jobInRange({ start: '2026-11-25', end: '2026-11-27' }, upcoming)).toBe(false);
  });

  it('keeps a job overlapping the week at either edge, not one after it', () => {
    expect(jobInRange({ start: '2026-11-20', end: '2026-11-23' }, week)).toBe(true);
    expect(jobInRange({ start: '2026-11-29', end: '2026-12-02' }, week)).toBe(true);
    expect(jobInRange({ start: '2026-11-30', end: '2026-11-30' }, week)).toBe(false);
  });

  it('shows an undated job only in open-ended windows', () => {
    expect(jobInRange({ start: null, end: null }, upcoming)).toBe(true);
    expect(jobInRange({ start: null, end: null }, week)).toBe(false);
  });
});
