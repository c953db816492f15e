import { describe, expect, it } from 'vitest';
import { dayNumber, fromDayNumber, isRealDate } from '../src';

/** Days since 1970-01-01 the way dayNumber computed them before it read the digits in place. */
const bySplitting = (date: string): number => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
};

describe('dayNumber', () => {
  it('agrees with Date.UTC on every day from 1999 to 2031', () => {
    for (let day = dayNumber('1999-01-01'); day <= dayNumber('2031-12-31'); day++) {
      const date = fromDayNumber(day);
      expect(dayNumber(date)).toBe(day);
      expect(dayNumber(date)).toBe(bySplitting(date));
    }
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2027-03-01') - dayNumber('2027-02-28')).toBe(1);
    expect(dayNumber('2028-03-01') - dayNumber('2028-02-28')).toBe(2);
  });

  it('reads text that is not YYYY-MM-DD as before (no digit reading past the format)', () => {
    for (const text of ['2027-1-5', '2027-01-5', '2027x01-05', '', 'n/a', '2027-02-30'])
      expect(Object.is(dayNumber(text), bySplitting(text))).toBe(true);
  });
});

describe('isRealDate', () => {
  it('accepts real dates and rejects impossible ones and other formats', () => {
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2027-12-31')).toBe(true);
    for (const text of ['2027-02-29', '2027-13-01', '2027-00-10', '2027-04-31', '2027-1-05', 'x'])
      expect(isRealDate(text)).toBe(false);
  });
});
