import { describe, expect, it } from 'vitest';
import type { Job } from '@meridian/domain';
import {
  filterYears,
  isNoDateFilter,
  matchesDateFilter,
  NO_DATE_FILTER,
  weekdayName,
} from './date-filter';

const job = (start: string | null) => ({ start }) as Job;

describe('date filter', () => {
  it('offers the years of the start dates, newest first', () => {
    expect(
      filterYears([job('2025-03-01'), job('2026-01-02'), job(null), job('2025-09-09')]),
    ).toEqual([2026, 2025]);
  });

  it('matches on every chosen part of the start date', () => {
    expect(matchesDateFilter(job('2026-11-23'), NO_DATE_FILTER)).toBe(true);
    expect(matchesDateFilter(job('2026-11-23'), { year: 2026, month: 11, day: null })).toBe(true);
    expect(matchesDateFilter(job('2026-11-23'), { year: null, month: null, day: 24 })).toBe(false);
    expect(matchesDateFilter(job(null), { year: 2026, month: null, day: null })).toBe(false);
  });

  it('tells an empty filter from one with any part chosen', () => {
    expect(isNoDateFilter(NO_DATE_FILTER)).toBe(true);
    expect(isNoDateFilter({ year: null, month: 3, day: null })).toBe(false);
    expect(isNoDateFilter({ year: null, month: null, day: 1 })).toBe(false);
  });

  it('names the weekday only when the date is complete and real', () => {
    expect(weekdayName({ year: 2026, month: 11, day: 22 })).toBe('Sunday');
    expect(weekdayName({ year: 2026, month: 11, day: null })).toBeNull();
    expect(weekdayName({ year: 2026, month: 2, day: 30 })).toBeNull();
  });
});
