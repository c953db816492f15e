import type { IsoDate } from './entities';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 for a YYYY-MM-DD date (UTC, so no DST surprises). */
export function dayNumber(date: IsoDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
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
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const parsed = new Date(Date.UTC(y, m - 1, d));
  return (
    parsed.getUTCFullYear() === y && parsed.getUTCMonth() === m - 1 && parsed.getUTCDate() === d
  );
}
