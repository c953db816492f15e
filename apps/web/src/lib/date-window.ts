import { dayNumber, fromDayNumber, type IsoDate, type Job } from '@meridian/domain';

/** The date windows of the daily job screens (/assignments, /schedule). */
export const DATE_WINDOWS = ['upcoming', 'week', 'month', 'all'] as const;
export type DateWindow = (typeof DATE_WINDOWS)[number];

/** What the window's buttons say. */
export const DATE_WINDOW_LABELS: Record<DateWindow, string> = {
  upcoming: 'From today',
  week: 'This week',
  month: 'This month',
  all: 'All',
};

/** The window a screen opens on: today onward. */
export const DEFAULT_DATE_WINDOW: DateWindow = 'upcoming';

/** Reads the `window` query parameter; anything else is the default. */
export function parseDateWindow(value: string | null): DateWindow {
  return (DATE_WINDOWS as readonly string[]).includes(value ?? '')
    ? (value as DateWindow)
    : DEFAULT_DATE_WINDOW;
}

/** The inclusive first and last day of a window; null is open-ended. */
export interface DateRange {
  from: IsoDate | null;
  to: IsoDate | null;
}

/** The day number of the Monday of `date`'s week (weeks run Monday to Sunday). */
export function mondayOf(date: IsoDate): number {
  const day = dayNumber(date);
  // Day 0 (1970-01-01) was a Thursday: Monday is 4 days before a day whose (n + 3) % 7 is 0.
  return day - ((((day + 3) % 7) + 7) % 7);
}

/**
 * The days a window covers around `today`: from today onward; this week
 * (Monday to Sunday); this month (the 1st to its last day); or every date.
 */
export function dateRange(window: DateWindow, today: IsoDate): DateRange {
  switch (window) {
    case 'upcoming':
      return { from: today, to: null };
    case 'week': {
      const monday = mondayOf(today);
      return { from: fromDayNumber(monday), to: fromDayNumber(monday + 6) };
    }
    case 'month': {
      const [year, month] = today.split('-').map(Number) as [number, number];
      const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
      const prefix = today.slice(0, 8);
      return { from: `${prefix}01`, to: `${prefix}${String(last).padStart(2, '0')}` };
    }
    case 'all':
      return { from: null, to: null };
  }
}

/**
 * Whether a job falls in the range: any of its days do (a job that started
 * yesterday and ends tomorrow is still "from today"). A job without dates is
 * not planned yet, so it belongs to what is ahead: open-ended ranges show it.
 */
export function jobInRange(job: Pick<Job, 'start' | 'end'>, range: DateRange): boolean {
  if (job.start === null) return range.to === null;
  const end = job.end ?? job.start;
  return (range.from === null || end >= range.from) && (range.to === null || job.start <= range.to);
}
