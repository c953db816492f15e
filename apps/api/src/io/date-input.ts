import { isRealDate, type IsoDate } from '@meridian/domain';

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;

const pad = (n: string): string => n.padStart(2, '0');

/**
 * Reads a date typed as YYYY-MM-DD, M/D/YYYY or M/D/YY (the formats of
 * docs/data-formats.md) into YYYY-MM-DD, or null when the text is not one of them
 * or names a day that does not exist (2/30/2027). Two-digit years are 20YY:
 * the schedule holds visits of this century only, and guessing a pivot would
 * silently move dates by a hundred years.
 */
export function parseDateInput(text: string): IsoDate | null {
  const value = text.trim();
  let iso: string | null = null;
  const isoMatch = ISO.exec(value);
  if (isoMatch) {
    iso = `${isoMatch[1]}-${pad(isoMatch[2]!)}-${pad(isoMatch[3]!)}`;
  } else {
    const us = US.exec(value);
    if (us) {
      const year = us[3]!.length === 2 ? `20${us[3]}` : us[3]!;
      iso = `${year}-${pad(us[1]!)}-${pad(us[2]!)}`;
    }
  }
  if (iso === null || !isRealDate(iso)) return null;
  // Year 0000 to 0999 pass isRealDate but are typing slips, not schedules.
  return iso >= '1900-01-01' ? iso : null;
}

/** The date `days` days after an ISO date (negative goes back). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Today as YYYY-MM-DD in the server's time zone (jobs and leave are local calendar days). */
export const localToday = (now = new Date()): IsoDate =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
