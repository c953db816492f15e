import { dayNumber } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { avoidedSpans, isoWeekday } from './avoided-days';

const day = dayNumber;

describe('avoided days on the timeline', () => {
  it('knows the ISO weekday of a day', () => {
    // 2026-03-02 is a Monday, 2026-03-08 a Sunday, 1970-01-01 a Thursday.
    expect(isoWeekday(day('2026-03-02'))).toBe(1);
    expect(isoWeekday(day('2026-03-08'))).toBe(7);
    expect(isoWeekday(0)).toBe(4);
    expect(isoWeekday(day('1969-12-29'))).toBe(1);
  });

  it('merges stated dates and weekdays into runs of days, inside the window only', () => {
    const spans = avoidedSpans(
      { avoid_dates: ['2026-03-04', '2026-03-05', '2026-04-01'], avoid_weekdays: [6, 7] },
      day('2026-03-02'),
      day('2026-03-15'),
    );
    expect(spans).toEqual([
      { startDay: day('2026-03-04'), endDay: day('2026-03-05') },
      { startDay: day('2026-03-07'), endDay: day('2026-03-08') },
      { startDay: day('2026-03-14'), endDay: day('2026-03-15') },
    ]);
  });

  it('joins a date next to an avoided weekday, and answers nothing without preferences', () => {
    expect(
      avoidedSpans(
        { avoid_dates: ['2026-03-06'], avoid_weekdays: [6] },
        day('2026-03-02'),
        day('2026-03-08'),
      ),
    ).toEqual([{ startDay: day('2026-03-06'), endDay: day('2026-03-07') }]);
    expect(
      avoidedSpans({ avoid_dates: [], avoid_weekdays: [] }, day('2026-03-02'), day('2026-03-08')),
    ).toEqual([]);
  });
});
