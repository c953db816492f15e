import type { IsoDate } from './entities';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 for a YYYY-MM-DD date (UTC, so no DST surprises). */
export function dayNumber(date: IsoDate): number {
  // The digits read in place: compiling a year of jobs and leave calls this
  // tens of thousands of times, and splitting allocates arrays for each.
  const y = digits(date, 0, 4);
  const m = digits(date, 5, 7);
  const d = digits(date, 8, 10);
  if (date.length !== 10 || date[4] !== '-' || date[7] !== '-' || y < 0 || m < 0 || d < 0) {
    const [ys, ms, ds] = date.split('-').map(Number) as [number, number, number];
    return Math.round(Date.UTC(ys, ms - 1, ds) / DAY_MS);
  }
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** The decimal number in text[from, to), or -1 if a character there is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** The YYYY-MM-DD date of a day number. */
export function fromDayNumber(day: number): IsoDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Inclusive length in days of a start..end range. */
export function inclusiveDays(start: IsoDate, end: IsoDate): number {
  return dayNumber(end) - dayNumber(start) + 1;
}

/** Whether two inclusive date ranges share at least one day. */
export function rangesOverlap(
  aStart: IsoDate,
  aEnd: IsoDate,
  bStart: IsoDate,
  bEnd: IsoDate,
): boolean {
  return aStart <= bEnd && bStart <= aEnd;
}

/** Whether an inclusive range contains a Saturday or Sunday. */
export function includesWeekend(start: IsoDate, end: IsoDate): boolean {
  const first = dayNumber(start);
  const last = dayNumber(end);
  if (last - first >= 6) return true;
  for (let day = first; day <= last; day++) {
    const weekday = new Date(day * DAY_MS).getUTCDay();
    if (weekday === 0 || weekday === 6) return true;
  }
  return false;
}

/** Whether a calendar date really exists (rejects 2027-02-30). */
export function isRealDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const y = digits(date, 0, 4);
  const m = digits(date, 5, 7);
  const d = digits(date, 8, 10);
  const parsed = new Date(Date.UTC(y, m - 1, d));
  return (
    parsed.getUTCFullYear() === y && parsed.getUTCMonth() === m - 1 && parsed.getUTCDate() === d
  );
}
