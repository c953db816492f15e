import type { Job } from '@meridian/domain';

/** The Data Management date filter: any of year, month (1-12) and day may be chosen. */
export interface DateFilter {
  year: number | null;
  month: number | null;
  day: number | null;
}

export const NO_DATE_FILTER: DateFilter = { year: null, month: null, day: null };

/** The years offered: those of the jobs' start dates, newest first. */
export function filterYears(jobs: readonly Job[]): number[] {
  const years = new Set<number>();
  for (const job of jobs) if (job.start) years.add(Number(job.start.slice(0, 4)));
  return [...years].sort((a, b) => b - a);
}

/** Whether no part of the date is chosen (every job matches). */
export const isNoDateFilter = (filter: DateFilter): boolean =>
  filter.year === null && filter.month === null && filter.day === null;

/** Whether a job's start date matches every chosen part of the filter. */
export function matchesDateFilter(job: Job, filter: DateFilter): boolean {
  if (isNoDateFilter(filter)) return true;
  if (!job.start) return false;
  const [year, month, day] = job.start.split('-').map(Number);
  return (
    (filter.year === null || filter.year === year) &&
    (filter.month === null || filter.month === month) &&
    (filter.day === null || filter.day === day)
  );
}

/** The weekday name of a fully chosen date (e.g. 'Monday'), else null. */
export function weekdayName(filter: DateFilter): string | null {
  if (filter.year === null || filter.month === null || filter.day === null) return null;
  const date = new Date(Date.UTC(filter.year, filter.month - 1, filter.day));
  if (date.getUTCMonth() !== filter.month - 1) return null;
  return date.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
}
