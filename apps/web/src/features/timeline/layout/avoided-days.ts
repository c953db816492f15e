import { dayNumber } from '@meridian/domain';
import type { DaySpan } from './lanes';

/** A physicist's stated preferences: dates and ISO weekdays (1 Monday .. 7 Sunday). */
export interface AvoidedDays {
  avoid_dates: readonly string[];
  avoid_weekdays: readonly number[];
}

/** ISO weekday (1 Monday .. 7 Sunday) of a day number; day 0 (1970-01-01) was a Thursday. */
export const isoWeekday = (day: number): number => ((((day + 3) % 7) + 7) % 7) + 1;

/**
 * The days of [firstDay, lastDay] a physicist asked to avoid, as runs of
 * consecutive days (one hatch each): a stated date, or a day of a stated
 * weekday. Only the rendered window is walked, so a weekday preference over a
 * year-long timeline costs a few weeks of days, not a year.
 */
export function avoidedSpans(
  preferences: AvoidedDays,
  firstDay: number,
  lastDay: number,
): DaySpan[] {
  const dates = new Set(preferences.avoid_dates.map(dayNumber));
  const weekdays = new Set(preferences.avoid_weekdays);
  const spans: DaySpan[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    if (!dates.has(day) && !weekdays.has(isoWeekday(day))) continue;
    const last = spans[spans.length - 1];
    if (last !== undefined && last.endDay === day - 1) last.endDay = day;
    else spans.push({ startDay: day, endDay: day });
  }
  return spans;
}
