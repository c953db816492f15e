import { haversineMiles, rangesOverlap, type IsoDate, type PhysicistRole } from '@meridian/domain';
import type { NewPhysicist } from '../io/parse-roster';
import type { NewJob, NewUnavailability } from '../io/parse-schedule';
import { lookupZip } from '../io/zip-table';

/** Days a person is taken: their leave, then the past jobs given to them here. */
type Busy = Map<string, { start: IsoDate; end: IsoDate }[]>;

/** The days of a dated job. */
interface Visit {
  zip: string;
  start: IsoDate;
  end: IsoDate;
}

function nearestFree(
  visit: Visit,
  role: PhysicistRole,
  physicists: readonly NewPhysicist[],
  busy: Busy,
): NewPhysicist | null {
  const site = lookupZip(visit.zip);
  if (site === undefined) return null;
  let best: { physicist: NewPhysicist; miles: number } | null = null;
  for (const physicist of physicists) {
    if (physicist.role !== role) continue;
    const taken = busy.get(physicist.name) ?? [];
    if (taken.some((t) => rangesOverlap(t.start, t.end, visit.start, visit.end))) continue;
    const home = lookupZip(physicist.home_zip);
    if (home === undefined) continue;
    const miles = haversineMiles(site.lat, site.lon, home.lat, home.lon);
    if (best === null || miles < best.miles) best = { physicist, miles };
  }
  return best?.physicist ?? null;
}

/**
 * The demo's history: each job begun before `today` gets the nearest lead and
 * data-acq physicist free on its days (no leave, no other job), as a team's
 * records would show. A past job never changes (packages/domain/src/plan-window.ts),
 * so without a history its slots would stay open for good, on every screen's
 * count and in every run's objective. A job without a known zip, or with
 * nobody free, keeps its slot open, as happens. Pure: changes only `jobs`.
 */
export function staffPastJobs(
  jobs: NewJob[],
  physicists: readonly NewPhysicist[],
  leave: readonly NewUnavailability[],
  today: IsoDate,
): void {
  const busy: Busy = new Map();
  const take = (name: string, start: IsoDate, end: IsoDate) =>
    busy.set(name, [...(busy.get(name) ?? []), { start, end }]);
  for (const record of leave) take(record.physicist_name, record.start_date, record.end_date);
  for (const job of jobs) {
    if (job.start === null || job.end === null || job.start >= today) continue;
    const visit: Visit = { zip: job.zip_code, start: job.start, end: job.end };
    const lead = nearestFree(visit, 'lead', physicists, busy);
    if (lead !== null) {
      job.assigned_lead = lead.name;
      take(lead.name, visit.start, visit.end);
    }
    const dataAcq = nearestFree(visit, 'dataacq', physicists, busy);
    if (dataAcq !== null) {
      job.assigned_data_acq = dataAcq.name;
      take(dataAcq.name, visit.start, visit.end);
    }
  }
}
