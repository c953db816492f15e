import { describe, expect, it } from 'vitest';
import { dayNumber } from '@meridian/domain';
import {
  dayToX,
  dayWidthFor,
  mondayOnOrBefore,
  openingDay,
  spanBox,
  timelineScaleRange,
  weekdayOf,
  xToDay,
} from './day-scale';

const scale = { firstDay: dayNumber('2026-03-02'), dayCount: 60, dayWidth: 20 };

describe('day scale', () => {
  it('maps days to x and back', () => {
    expect(dayToX(scale, dayNumber('2026-03-02'))).toBe(0);
    expect(dayToX(scale, dayNumber('2026-03-05'))).toBe(60);
    expect(xToDay(scale, 59.9)).toBe(dayNumber('2026-03-04'));
    expect(xToDay(scale, 60)).toBe(dayNumber('2026-03-05'));
    // Clamped to the scale's own days.
    expect(xToDay(scale, -5)).toBe(scale.firstDay);
    expect(xToDay(scale, 10_000)).toBe(scale.firstDay + 59);
  });

  it('covers a bar through the whole of its last day', () => {
    const from = dayNumber('2026-03-03');
    expect(spanBox(scale, from, from)).toEqual({ left: 20, width: 20 });
    expect(spanBox(scale, from, from + 2)).toEqual({ left: 20, width: 60 });
  });

  it('fits a zoom to the width, down to a readable minimum', () => {
    expect(dayWidthFor('week', 791)).toBe(113);
    expect(dayWidthFor('month', 791)).toBe(25);
    expect(dayWidthFor('quarter', 791)).toBe(8);
    // A phone: 240 px would give 34, 7 and 2 px days.
    expect(dayWidthFor('week', 240)).toBe(40);
    expect(dayWidthFor('month', 240)).toBe(14);
    expect(dayWidthFor('quarter', 240)).toBe(5);
  });

  it('knows weekdays and Mondays', () => {
    expect(weekdayOf(dayNumber('2026-03-01'))).toBe(0); // Sunday
    expect(weekdayOf(dayNumber('2026-03-07'))).toBe(6); // Saturday
    expect(mondayOnOrBefore(dayNumber('2026-03-01'))).toBe(dayNumber('2026-02-23'));
    expect(mondayOnOrBefore(dayNumber('2026-03-02'))).toBe(dayNumber('2026-03-02'));
    expect(weekdayOf(dayNumber('1969-12-29'))).toBe(1); // before day 0 too
  });

  it('spans the data and today with two weeks of margin, from a Monday', () => {
    const range = timelineScaleRange(
      [
        { start: '2026-03-04', end: '2026-03-06' },
        { start: '2026-05-01', end: '2026-05-20' },
      ],
      '2026-04-01',
    );
    expect(range.firstDay).toBe(mondayOnOrBefore(dayNumber('2026-02-18')));
    expect(weekdayOf(range.firstDay)).toBe(1);
    expect(range.firstDay + range.dayCount - 1).toBe(dayNumber('2026-06-03'));
  });

  it('spans eight weeks around today without data', () => {
    const range = timelineScaleRange([], '2026-04-01');
    expect(range.firstDay).toBe(mondayOnOrBefore(dayNumber('2026-03-04')));
    expect(range.firstDay + range.dayCount - 1).toBe(dayNumber('2026-04-29'));
  });
});

describe('openingDay', () => {
  const spans = [
    { start: '2026-03-02', end: '2026-03-04' },
    { start: '2026-03-10', end: '2026-03-12' },
  ];

  it('opens on today while a job runs today', () => {
    expect(openingDay(spans, '2026-03-03')).toBe(dayNumber('2026-03-03'));
  });

  it('opens on the next job when today is idle', () => {
    expect(openingDay(spans, '2026-03-06')).toBe(dayNumber('2026-03-10'));
    expect(openingDay(spans, '2026-01-01')).toBe(dayNumber('2026-03-02'));
  });

  it('opens on the last job when the plan is past, and on today without jobs', () => {
    expect(openingDay(spans, '2026-11-25')).toBe(dayNumber('2026-03-10'));
    expect(openingDay([], '2026-11-25')).toBe(dayNumber('2026-11-25'));
  });
});
