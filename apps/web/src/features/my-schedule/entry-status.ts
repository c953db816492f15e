import type { ScheduleEntry } from '@meridian/contracts';

/** What an entry's status chip says. */
export type EntryStatus = 'Confirmed' | 'Tentative' | 'Started' | 'Done';

/**
 * An entry's standing for the physicist: a published job is confirmed, a
 * draft one tentative (the plan may still change it); a job that began
 * before today is kept as it is, "Started" while it runs, then "Done".
 */
export function entryStatus(
  entry: Pick<ScheduleEntry, 'phase' | 'end'>,
  today: string,
): EntryStatus {
  switch (entry.phase) {
    case 'published':
      return 'Confirmed';
    case 'draft':
      return 'Tentative';
    case 'past':
      return entry.end !== null && entry.end >= today ? 'Started' : 'Done';
  }
}

/** Next jobs (not yet ended, soonest first; undated last) and past ones (latest first). */
export function splitSchedule(entries: readonly ScheduleEntry[], on: string) {
  const next = entries.filter((e) => e.end === null || e.end >= on);
  const past = entries.filter((e) => e.end !== null && e.end < on).reverse();
  return { next, past };
}
