import { z } from 'zod';
import { IsoDateSchema, type IsoDate } from './entities';

/**
 * Where a job stands in the planning window (docs/optimization.md,
 * "Planning over time"): `past` (it starts before today: frozen),
 * `published` (not past, and starts on or before the published-through
 * date: promised to people, changed only on purpose) or `draft` (free).
 */
export const JobPhaseSchema = z.enum(['past', 'published', 'draft']);
export type JobPhase = z.infer<typeof JobPhaseSchema>;

/** Today in the organisation's time zone, and the last published day (null: nothing published yet). */
export const PlanWindowSchema = z.object({
  today: IsoDateSchema,
  published_through: IsoDateSchema.nullable(),
});
export type PlanWindow = z.infer<typeof PlanWindowSchema>;

/** The organisation's time zone when ORG_TIMEZONE is not set. */
export const DEFAULT_ORG_TIMEZONE = 'America/Chicago';

/** A job's phase from its start date (an undated job is draft: it has not been planned yet). */
export function jobPhase(start: IsoDate | null, window: PlanWindow): JobPhase {
  if (start === null) return 'draft';
  if (start < window.today) return 'past';
  if (window.published_through !== null && start <= window.published_through) return 'published';
  return 'draft';
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per time zone, kept: making one costs about 0.1 ms in Node and more on a phone,
 * and a screen asks for today on every render until the server's answer arrives (apps/web/src/lib/org-today.ts).
 */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The calendar date (YYYY-MM-DD) at `now` in an IANA time zone: what
 * "today" means for the organisation, the same on every server, browser
 * and feed. Throws RangeError for a time zone Intl does not know.
 */
export function todayIn(timeZone: string, now: Date): IsoDate {
  const parts = dayFormat(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * What a run may change (docs/optimization.md, "Planning over time"):
 * `draft` (the default) only draft jobs' slots; `published` published ones
 * too. Past jobs are frozen in both.
 */
export const PlanScopeSchema = z.enum(['draft', 'published']);
export type PlanScope = z.infer<typeof PlanScopeSchema>;

/** Whether a run of `scope` must keep a job of `phase` exactly as it is. */
export const frozenIn = (phase: JobPhase, scope: PlanScope): boolean =>
  phase === 'past' || (phase === 'published' && scope === 'draft');
