import { dayNumber, haversineMiles, type PhysicistRole } from '@meridian/domain';
import { coordsOfZip, type LatLon } from '../io/zip-rules';

/** A physicist as candidate search sees them: home coordinates resolved. */
export interface CandidatePerson {
  id: number;
  name: string;
  role: PhysicistRole;
  home: LatLon;
}

/** A job as candidate search sees it. */
export interface CandidateJob {
  id: number;
  start: string;
  end: string;
  site: LatLon;
}

/** A day range during which a physicist is busy; jobId null for leave. */
export interface BusyRange {
  personId: number;
  start: string;
  end: string;
  jobId: number | null;
}

/** How many candidates of each role the reason lists. */
export const CANDIDATES_PER_ROLE = 3;

/**
 * One physicist's busy ranges sorted by start day, with the running maximum of
 * the end day, so "is any range overlapping start..end" is a binary search plus
 * a short walk back instead of a scan of every range.
 */
class BusyIndex {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly jobIds: (number | null)[] = [];
  private readonly maxEnd: number[] = [];

  constructor(ranges: { start: number; end: number; jobId: number | null }[]) {
    ranges.sort((a, b) => a.start - b.start);
    let running = -Infinity;
    for (const r of ranges) {
      running = Math.max(running, r.end);
      this.starts.push(r.start);
      this.ends.push(r.end);
      this.jobIds.push(r.jobId);
      this.maxEnd.push(running);
    }
  }

  /** Whether any range other than job `ownJob` shares a day with first..last. */
  isBusy(first: number, last: number, ownJob: number): boolean {
    let lo = 0;
    let hi = this.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid]! <= last) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo - 1; k >= 0 && this.maxEnd[k]! >= first; k--) {
      if (this.ends[k]! >= first && this.jobIds[k] !== ownJob) return true;
    }
    return false;
  }
}

/** Candidate search over one roster: build once, then ask for every job. */
export class CandidateFinder {
  private readonly busy = new Map<number, BusyIndex>();
  private readonly byRole: Record<PhysicistRole, CandidatePerson[]>;

  constructor(people: readonly CandidatePerson[], busy: readonly BusyRange[]) {
    const grouped = new Map<number, { start: number; end: number; jobId: number | null }[]>();
    for (const range of busy) {
      const list = grouped.get(range.personId) ?? [];
      list.push({ start: dayNumber(range.start), end: dayNumber(range.end), jobId: range.jobId });
      grouped.set(range.personId, list);
    }
    for (const [id, ranges] of grouped) this.busy.set(id, new BusyIndex(ranges));
    this.byRole = {
      lead: people.filter((p) => p.role === 'lead'),
      dataacq: people.filter((p) => p.role === 'dataacq'),
    };
  }

  /** The nearest physicists of a role free for the whole job (no leave, no overlapping job). */
  nearestFree(job: CandidateJob, role: PhysicistRole, limit = CANDIDATES_PER_ROLE) {
    const first = dayNumber(job.start);
    const last = dayNumber(job.end);
    const scored = this.byRole[role].map((person) => ({
      person,
      miles: haversineMiles(job.site.lat, job.site.lon, person.home.lat, person.home.lon),
    }));
    scored.sort((a, b) => a.miles - b.miles || a.person.name.localeCompare(b.person.name));
    const free: { name: string; miles: number }[] = [];
    for (const { person, miles } of scored) {
      if (free.length >= limit) break;
      if (this.busy.get(person.id)?.isBusy(first, last, job.id) === true) continue;
      free.push({ name: person.name, miles });
    }
    return free;
  }

  /** The candidate part of `reason`: 'Lead: name (N mi), name (N mi) | Acq: ...'. */
  summary(job: CandidateJob): string {
    const side = (list: { name: string; miles: number }[]) =>
      list.length === 0
        ? 'none free'
        : list.map((c) => `${c.name} (${Math.round(c.miles)} mi)`).join(', ');
    return `Lead: ${side(this.nearestFree(job, 'lead'))} | Acq: ${side(this.nearestFree(job, 'dataacq'))}`;
  }
}

/** The parts of the schedule candidate search reads: the roster, leave and dated slots. */
export interface CandidateSources {
  roster: readonly { id: number; name: string; role: PhysicistRole; home_zip: string }[];
  leave: readonly { physicist_name: string; start_date: string; end_date: string }[];
  jobs: readonly {
    id: number;
    start: string | null;
    end: string | null;
    assigned_lead_id: number | null;
    assigned_data_acq_id: number | null;
  }[];
}

/**
 * A finder over the schedule as it stands: people with a known home, each
 * busy on their leave (matched by name, as leave records are) and on the
 * dated jobs they hold. `extraLeave` adds leave not recorded yet (a request
 * being weighed).
 */
export function candidateFinderFor(
  { roster, leave, jobs }: CandidateSources,
  extraLeave: readonly BusyRange[] = [],
): CandidateFinder {
  const people: CandidatePerson[] = [];
  for (const p of roster) {
    const home = coordsOfZip(p.home_zip);
    if (home) people.push({ id: p.id, name: p.name, role: p.role, home });
  }
  const idByName = new Map(roster.map((p) => [p.name.toLowerCase(), p.id]));
  const busy: BusyRange[] = [...extraLeave];
  for (const r of leave) {
    const personId = idByName.get(r.physicist_name.toLowerCase());
    if (personId !== undefined) {
      busy.push({ personId, start: r.start_date, end: r.end_date, jobId: null });
    }
  }
  for (const job of jobs) {
    if (job.start === null || job.end === null) continue;
    for (const personId of [job.assigned_lead_id, job.assigned_data_acq_id]) {
      if (personId !== null) busy.push({ personId, start: job.start, end: job.end, jobId: job.id });
    }
  }
  return new CandidateFinder(people, busy);
}
