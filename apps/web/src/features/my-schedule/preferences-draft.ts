import { MAX_AVOID_DATES, type PreferencesUpdate } from '@meridian/contracts';
import { isRealDate } from '@meridian/domain';

/** ISO weekdays as the checkboxes show them, Monday first. */
export const WEEKDAYS = [
  { day: 1, short: 'Mon', name: 'Monday' },
  { day: 2, short: 'Tue', name: 'Tuesday' },
  { day: 3, short: 'Wed', name: 'Wednesday' },
  { day: 4, short: 'Thu', name: 'Thursday' },
  { day: 5, short: 'Fri', name: 'Friday' },
  { day: 6, short: 'Sat', name: 'Saturday' },
  { day: 7, short: 'Sun', name: 'Sunday' },
] as const;

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** 'Mon 2 Mar 2026': a date as people read it (the calendar date itself, whatever the time zone). */
export function readableDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = WEEKDAYS[(d.getUTCDay() + 6) % 7]!.short;
  return `${weekday} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * Why `date` cannot be added to `dates`, or null when it can: it must be a
 * real date, not already listed, and the list must have room (the server's
 * cap, MAX_AVOID_DATES).
 */
export function addRefusal(dates: readonly string[], date: string): string | null {
  if (!isRealDate(date)) return 'Pick a date first';
  if (dates.includes(date)) return `${readableDay(date)} is already listed`;
  if (dates.length >= MAX_AVOID_DATES) return `At most ${MAX_AVOID_DATES} dates`;
  return null;
}

/** The list with `date` added, in date order. */
export const withDate = (dates: readonly string[], date: string): string[] =>
  [...dates, date].sort();

/** The weekdays with `day` switched on or off, in order. */
export const toggledWeekday = (days: readonly number[], day: number): number[] =>
  days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort((a, b) => a - b);

/** Whether a draft differs from what the server holds (both sorted). */
export const isChanged = (draft: PreferencesUpdate, saved: PreferencesUpdate): boolean =>
  draft.avoid_dates.join() !== saved.avoid_dates.join() ||
  draft.avoid_weekdays.join() !== saved.avoid_weekdays.join();
