import { dayNumber, fromDayNumber, type IsoDate, type JobPhase } from '@meridian/domain';
import { mondayOf } from './date-window';

/**
 * The planning window in words (docs/ARCHITECTURE.md): what each phase is
 * called, the published-through date, and the date a publish proposes.
 */

/** What each phase is called on screen. */
export const PHASE_LABELS: Record<JobPhase, string> = {
  past: 'Past',
  published: 'Published',
  draft: 'Draft',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "16 Jan 2026": a calendar day in words, the same in every browser and locale. */
export function dayInWords(date: IsoDate): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** "Published through 16 Jan 2026", or "Nothing published yet". */
export function publishedThroughText(publishedThrough: IsoDate | null): string {
  return publishedThrough === null
    ? 'Nothing published yet'
    : `Published through ${dayInWords(publishedThrough)}`;
}

/** The Sunday that ends the week after `date`'s week. */
export const endOfNextWeek = (date: IsoDate): IsoDate => fromDayNumber(mondayOf(date) + 13);

/** How far ahead the server lets a plan be published (POST /plan/publish). */
export const MAX_PUBLISH_DAYS_AHEAD = 366;

/**
 * The dates a publish may choose, and the one it proposes: from today (or the
 * date already published, since publishing only moves forward) to a year
 * ahead; it proposes the end of next week, or the end of the week after the
 * published date when that is already later.
 */
export function publishDates(today: IsoDate, publishedThrough: IsoDate | null) {
  const min = publishedThrough !== null && publishedThrough > today ? publishedThrough : today;
  const max = fromDayNumber(dayNumber(today) + MAX_PUBLISH_DAYS_AHEAD);
  const proposed = endOfNextWeek(today) > min ? endOfNextWeek(today) : endOfNextWeek(min);
  return { min, max, proposed: proposed > max ? max : proposed };
}
