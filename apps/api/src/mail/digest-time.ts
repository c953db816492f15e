import { todayIn } from '@meridian/domain';

/** The daily digest goes out at this hour of the organisation's day (ORG_TIMEZONE). */
export const DIGEST_HOUR = 7;

/** The zone's offset from UTC at `at`, in milliseconds (east positive). */
function offsetMs(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of `hour`:00 on `day` (YYYY-MM-DD) in the zone. */
function zonedHour(timeZone: string, day: string, hour: number): Date {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d, hour);
  // Twice: the offset at the guess may differ from the offset at the answer across a DST change.
  const first = guess - offsetMs(timeZone, new Date(guess));
  return new Date(guess - offsetMs(timeZone, new Date(first)));
}

/**
 * The latest digest time at or before `now`: today's DIGEST_HOUR in the
 * zone, or yesterday's when today's is still to come. A digest sends the
 * notices written before it, so each notice goes in exactly one digest and
 * a user gets at most one digest a day.
 */
export function lastDigestTime(timeZone: string, now: Date): { at: Date; day: string } {
  const today = todayIn(timeZone, now);
  const at = zonedHour(timeZone, today, DIGEST_HOUR);
  if (at.getTime() <= now.getTime()) return { at, day: today };
  const yesterday = todayIn(timeZone, new Date(at.getTime() - 12 * 3600_000));
  return { at: zonedHour(timeZone, yesterday, DIGEST_HOUR), day: yesterday };
}
