import { dayNumber } from '../dates';
import type { Instance, InstanceJob, InstancePhysicist, JobAssignment } from './instance';

/**
 * Facts of an instance that both the evaluator and the optimizer's compiled
 * form need, computed one way so the two can never disagree.
 */

/** Customer key of the rotation term: name trimmed and lowercased. */
export const customerKey = (name: string): string => name.trim().toLowerCase();

/** Whether a job has usable coordinates (hard constraint 6). */
export const hasUsableCoordinates = (job: Pick<InstanceJob, 'lat' | 'lon'>): boolean =>
  job.lat != null && job.lon != null && Number.isFinite(job.lat) && Number.isFinite(job.lon);

/** The planning horizon H as inclusive day numbers, or null when there are no jobs. */
export function planningHorizon(instance: Instance): { first: number; last: number } | null {
  if (instance.jobs.length === 0) return null;
  let first = Infinity;
  let last = -Infinity;
  for (const job of instance.jobs) {
    first = Math.min(first, dayNumber(job.start));
    last = Math.max(last, dayNumber(job.end));
  }
  return { first, last };
}

/** a_p for every physicist: days of H on which they are not unavailable (index-aligned). */
export function availableDays(instance: Instance): number[] {
  const horizon = planningHorizon(instance);
  if (!horizon) return instance.physicists.map(() => 0);
  const length = horizon.last - horizon.first + 1;
  return instance.physicists.map((physicist) => {
    const away = new Uint8Array(length);
    for (const range of physicist.unavailable) {
      const from = Math.max(dayNumber(range.start), horizon.first);
      const to = Math.min(dayNumber(range.end), horizon.last);
      for (let day = from; day <= to; day++) away[day - horizon.first] = 1;
    }
    let free = 0;
    for (const flag of away) free += flag ? 0 : 1;
    return free;
  });
}

/** Fair-share targets t_p = J * a_p / sum of a_q over p's role (0 where that sum is 0). */
export function fairShareTargets(instance: Instance): number[] {
  const available = availableDays(instance);
  const roleTotal = new Map<string, number>();
  instance.physicists.forEach((p, i) =>
    roleTotal.set(p.role, (roleTotal.get(p.role) ?? 0) + available[i]!),
  );
  const jobs = instance.jobs.length;
  return instance.physicists.map((p, i) => {
    const total = roleTotal.get(p.role) ?? 0;
    return total > 0 ? (jobs * available[i]!) / total : 0;
  });
}

/** Assignments by job id; when a job appears twice the first one counts (the checker flags the second). */
export function firstPerJob(assignments: readonly JobAssignment[]): Map<string, JobAssignment> {
  const byJob = new Map<string, JobAssignment>();
  for (const a of assignments) if (!byJob.has(a.job_id)) byJob.set(a.job_id, a);
  return byJob;
}

/** The slot of the current plan x0 a job's lead (0) or data-acq (1) slot held, or null. */
export const plannedHolder = (job: InstanceJob, role: 0 | 1): string | null =>
  (role === 0 ? job.current_lead_id : job.current_data_acq_id) ?? null;

/** Whether a physicist stated any preference (the avoided-days term can be non-zero). */
export const hasPreferences = (p: InstancePhysicist): boolean =>
  (p.avoid_dates?.length ?? 0) > 0 || (p.avoid_weekdays?.length ?? 0) > 0;

/**
 * Counts, for a physicist (by index) and a job, the job days that fall on a
 * day the physicist asked to avoid (a date in avoid_dates or a weekday in
 * avoid_weekdays): the preference term P of one filled slot. Built once per
 * instance; physicists without preferences answer 0 at once.
 */
export function avoidedDayCounter(instance: Instance): (p: number, job: InstanceJob) => number {
  const days = instance.physicists.map((p) =>
    p.avoid_dates?.length ? new Set(p.avoid_dates.map(dayNumber)) : null,
  );
  // Bit w - 1 set for ISO weekday w.
  const weekdays = instance.physicists.map((p) =>
    (p.avoid_weekdays ?? []).reduce((mask, w) => mask | (1 << (w - 1)), 0),
  );
  return (p, job) => {
    const dates = days[p]!;
    const mask = weekdays[p]!;
    if (dates === null && mask === 0) return 0;
    let count = 0;
    const last = dayNumber(job.end);
    for (let day = dayNumber(job.start); day <= last; day++) {
      if (dates?.has(day) || (mask & (1 << isoWeekdayIndex(day))) !== 0) count++;
    }
    return count;
  };
}

/** ISO weekday less one (0 Monday .. 6 Sunday) of a day number; day 0 (1970-01-01) was a Thursday. */
const isoWeekdayIndex = (day: number): number => (((day + 3) % 7) + 7) % 7;
