import { dayNumber, fromDayNumber, type IsoDate } from '@meridian/domain';

/** An inclusive day range. */
export interface DayRange {
  start: IsoDate;
  end: IsoDate;
}

/**
 * The parts of start..end (inclusive) that no record in `existing` covers,
 * in date order: what an applied what-if must add so that the whole absence
 * is leave without repeating days someone already recorded.
 */
export function uncoveredRanges(
  start: IsoDate,
  end: IsoDate,
  existing: readonly { start_date: IsoDate; end_date: IsoDate }[],
): DayRange[] {
  const covered = existing
    .map((r) => [dayNumber(r.start_date), dayNumber(r.end_date)] as const)
    .sort((a, b) => a[0] - b[0]);
  const gaps: DayRange[] = [];
  let next = dayNumber(start);
  const last = dayNumber(end);
  for (const [from, to] of covered) {
    if (next > last) break;
    if (to < next) continue;
    if (from > next)
      gaps.push({ start: fromDayNumber(next), end: fromDayNumber(Math.min(from - 1, last)) });
    next = Math.max(next, to + 1);
  }
  if (next <= last) gaps.push({ start: fromDayNumber(next), end: fromDayNumber(last) });
  return gaps;
}
