import { describe, expect, it } from 'vitest';
import { dayInWords, endOfNextWeek, publishDates, publishedThroughText } from './plan-phase';

describe('plan phase words', () => {
  it('writes a day as "16 Jan 2026"', () => {
    expect(dayInWords('2026-01-16')).toBe('16 Jan 2026');
    expect(dayInWords('2026-09-01')).toBe('1 Sep 2026');
  });

  it('says what is published', () => {
    expect(publishedThroughText(null)).toBe('Nothing published yet');
    expect(publishedThroughText('2026-12-31')).toBe('Published through 31 Dec 2026');
  });

  it('ends next week on its Sunday, from any day of this week', () => {
    // 2026-01-05 is a Monday, 2026-01-11 the Sunday of its week.
    expect(endOfNextWeek('2026-01-05')).toBe('2026-01-18');
    expect(endOfNextWeek('2026-01-11')).toBe('2026-01-18');
    expect(endOfNextWeek('2026-01-12')).toBe('2026-01-25');
  });
});

describe('publishDates', () => {
  it('proposes the end of next week, from today to a year ahead', () => {
    expect(publishDates('2026-01-05', null)).toEqual({
      min: '2026-01-05',
      max: '2027-01-06',
      proposed: '2026-01-18',
    });
  });

  it('never goes back: the published date is the earliest, and the proposal a week past it', () => {
    expect(publishDates('2026-01-05', '2026-01-20')).toEqual({
      min: '2026-01-20',
      max: '2027-01-06',
      proposed: '2026-02-01',
    });
    // A published date before today no longer limits anything.
    expect(publishDates('2026-01-05', '2025-12-31').min).toBe('2026-01-05');
  });

  it('keeps the proposal within a year', () => {
    expect(publishDates('2026-01-05', '2027-01-05').proposed).toBe('2027-01-06');
  });
});
