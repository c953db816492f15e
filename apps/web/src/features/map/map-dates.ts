import { dayNumber, fromDayNumber, type IsoDate } from '@meridian/domain';

/** The calendar date of a moment in the browser's time zone, as YYYY-MM-DD. */
export function localIsoDate(moment: Date): IsoDate {
  const month = String(moment.getMonth() + 1).padStart(2, '0');
  const day = String(moment.getDate()).padStart(2, '0');
  return `${moment.getFullYear()}-${month}-${day}`;
}

/** Monday to Sunday of the week that holds a date. */
export function weekOf(date: IsoDate): { from: IsoDate; to: IsoDate } {
  const day = dayNumber(date);
  // Day 0 (1970-01-01) was a Thursday: (day + 3) % 7 counts days since Monday.
  const monday = day - ((day + 3) % 7);
  return { from: fromDayNumber(monday), to: fromDayNumber(monday + 6) };
}
