import { dayNumber, fromDayNumber, type IsoDate } from '@meridian/domain';

/** A job's dates as a PUT sends them. */
export interface JobDates {
  start: IsoDate | null;
  end: IsoDate | null;
}

/**
 * The start and end to send when one of them is edited. The server refuses an
 * end before the start (400), so a new start after the end carries the end
 * along, and a new end before the start carries the start back, both keeping
 * the job's length in days; both go in the one PUT. Any other edit changes
 * only the edited date.
 */
export function shiftDates(job: JobDates, field: 'start' | 'end', value: IsoDate): JobDates {
  const { start, end } = job;
  // Days from start to end (0 for a one-day job); a job missing a date has no length to keep.
  const span = start !== null && end !== null ? Math.max(0, dayNumber(end) - dayNumber(start)) : 0;
  if (field === 'start') {
    if (end !== null && value > end)
      return { start: value, end: fromDayNumber(dayNumber(value) + span) };
    return { start: value, end };
  }
  if (start !== null && value < start)
    return { start: fromDayNumber(dayNumber(value) - span), end: value };
  return { start, end: value };
}
