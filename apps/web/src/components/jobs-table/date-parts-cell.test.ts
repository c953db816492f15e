import { describe, expect, it } from 'vitest';
import { composeDate, pickerYears } from './date-parts-cell';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('pickerYears', () => {
  it('runs from 5 years before to 4 years after the current year', () => {
    expect(pickerYears(null, new Date(2026, 5, 15))).toEqual(range(2021, 2030));
  });

  it('follows the clock, not a fixed year', () => {
    expect(pickerYears(null, new Date(2031, 0, 1))).toEqual(range(2026, 2035));
  });

  it('keeps a value outside the range so the cell can still show it', () => {
    expect(pickerYears(2012, new Date(2026, 5, 15))).toEqual([2012, ...range(2021, 2030)]);
    expect(pickerYears(2025, new Date(2026, 5, 15))).toEqual(range(2021, 2030));
  });
});

describe('composeDate', () => {
  it('pads month and day and keeps the day inside the month', () => {
    expect(composeDate(2026, 3, 9)).toBe('2026-03-09');
    expect(composeDate(2026, 2, 31)).toBe('2026-02-28');
    expect(composeDate(2028, 2, 31)).toBe('2028-02-29');
  });
});
