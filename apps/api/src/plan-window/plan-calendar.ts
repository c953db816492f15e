import { todayIn, type IsoDate } from '@meridian/domain';

/**
 * What "today" is for the organisation: the date in ORG_TIMEZONE, the same
 * on every node, or the date PLAN_TODAY pins it to (tests and rehearsals).
 * `now` is the clock (tests may pass a fixed one).
 */
export class PlanCalendar {
  constructor(
    readonly timeZone: string,
    private readonly now: () => Date = () => new Date(),
    private readonly pinnedToday: IsoDate | null = null,
  ) {}

  /** Today's date (YYYY-MM-DD) in the organisation's time zone. */
  today(): IsoDate {
    return this.pinnedToday ?? todayIn(this.timeZone, this.now());
  }

  /** The current instant (for stamps that must agree with today()). */
  instant(): Date {
    return this.now();
  }
}
