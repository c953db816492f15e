import { dayNumber, fromDayNumber } from '@meridian/domain';

/** How much of the calendar one screen width shows. */
export type Zoom = 'week' | 'month' | 'quarter';

export const ZOOMS: readonly Zoom[] = ['week', 'month', 'quarter'];

/** Days that fit the visible width at each zoom. */
export const ZOOM_SPAN_DAYS: Record<Zoom, number> = { week: 7, month: 31, quarter: 91 };

/**
 * Narrowest day at each zoom, so a phone still shows a readable bar: a week
 * on 240 px would be 34 px a day, a quarter 2.6 px, too thin to hit with a finger.
 */
const MIN_DAY_WIDTH: Record<Zoom, number> = { week: 40, month: 14, quarter: 5 };

/** The horizontal axis: day numbers (days since 1970-01-01) to pixels. */
export interface DayScale {
  /** Day number of the first column. */
  firstDay: number;
  /** Number of day columns. */
  dayCount: number;
  /** Width of one day in pixels (whole pixels, so column lines stay crisp). */
  dayWidth: number;
}

/** The day width of a zoom for the width the days get (the name column excluded). */
export function dayWidthFor(zoom: Zoom, availableWidth: number): number {
  const fitted = Math.floor(availableWidth / ZOOM_SPAN_DAYS[zoom]);
  return Math.max(MIN_DAY_WIDTH[zoom], fitted);
}

/** Left edge of a day's column. */
export const dayToX = (scale: DayScale, day: number): number =>
  (day - scale.firstDay) * scale.dayWidth;

/** The day whose column holds x (clamped to the scale). */
export function xToDay(scale: DayScale, x: number): number {
  const index = Math.floor(x / scale.dayWidth);
  return scale.firstDay + Math.min(Math.max(index, 0), scale.dayCount - 1);
}

/** Total width of the day columns. */
export const scaleWidth = (scale: DayScale): number => scale.dayCount * scale.dayWidth;

/** Left and width of an inclusive run of days (a bar covers its whole last day). */
export function spanBox(scale: DayScale, startDay: number, endDay: number) {
  return { left: dayToX(scale, startDay), width: (endDay - startDay + 1) * scale.dayWidth };
}

/** 0 = Sunday ... 6 = Saturday (day 0, 1970-01-01, was a Thursday). */
export const weekdayOf = (day: number): number => (((day + 4) % 7) + 7) % 7;

/** The Monday on or before a day. */
export const mondayOnOrBefore = (day: number): number => day - ((weekdayOf(day) + 6) % 7);

/** Any date-bearing thing the range must include. */
export interface DatedSpan {
  start: string;
  end: string;
}

/** Days of margin on each side of the data, so the first and last bars are not at the edge. */
const MARGIN_DAYS = 14;

/**
 * The days the timeline spans: every dated job and leave record plus today,
 * with two weeks of margin, starting on a Monday. With no data it is the
 * eight weeks around today.
 */
export function timelineScaleRange(
  spans: Iterable<DatedSpan>,
  today: string,
): { firstDay: number; dayCount: number } {
  const todayNumber = dayNumber(today);
  let first = todayNumber - 28;
  let last = todayNumber + 28;
  for (const span of spans) {
    const start = dayNumber(span.start);
    const end = dayNumber(span.end);
    if (start - MARGIN_DAYS < first) first = start - MARGIN_DAYS;
    if (end + MARGIN_DAYS > last) last = end + MARGIN_DAYS;
  }
  const firstDay = mondayOnOrBefore(first);
  return { firstDay, dayCount: last - firstDay + 1 };
}

/** A day number as YYYY-MM-DD (re-exported so the components need one import). */
export const isoOfDay = fromDayNumber;

/**
 * The day the timeline opens at: today when some job runs today or later
 * (or the start of the next one, if that is later), else the start of the
 * last job, so a plan wholly in the past or future opens on its bars.
 */
export function openingDay(spans: Iterable<DatedSpan>, today: string): number {
  const todayNumber = dayNumber(today);
  let nextStart = Number.POSITIVE_INFINITY;
  let lastStart = Number.NEGATIVE_INFINITY;
  for (const span of spans) {
    const start = dayNumber(span.start);
    if (dayNumber(span.end) >= todayNumber) nextStart = Math.min(nextStart, start);
    lastStart = Math.max(lastStart, start);
  }
  if (Number.isFinite(nextStart)) return Math.max(todayNumber, nextStart);
  return Number.isFinite(lastStart) ? lastStart : todayNumber;
}
