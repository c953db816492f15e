import type { Job, Physicist } from '@meridian/domain';

/** Jobs per physicist in each role, from the stored assignments. */
export interface PhysicistWorkload {
  name: string;
  lead: number;
  dataAcq: number;
}

/** Counts each physicist's jobs as lead and as data acquisition; busiest first. */
export function workloadByPhysicist(jobs: readonly Job[]): PhysicistWorkload[] {
  const byName = new Map<string, PhysicistWorkload>();
  const entry = (name: string) => {
    let found = byName.get(name);
    if (!found) {
      found = { name, lead: 0, dataAcq: 0 };
      byName.set(name, found);
    }
    return found;
  };
  for (const job of jobs) {
    if (job.assigned_lead) entry(job.assigned_lead).lead++;
    if (job.assigned_data_acq) entry(job.assigned_data_acq).dataAcq++;
  }
  return [...byName.values()].sort(
    (a, b) => b.lead + b.dataAcq - (a.lead + a.dataAcq) || a.name.localeCompare(b.name),
  );
}

/** A share given as a fraction (0.25) or a percentage (25) as a percentage. */
export const asPercent = (share: number): number => (share <= 1 ? share * 100 : share);

/** One physicist of a role and the jobs they are on. */
export interface RoleCount {
  name: string;
  jobs: number;
}

/**
 * Each physicist of `role` with the jobs they are on in either slot, counted as
 * the server's summary counts them (apps/api/src/repositories/analytics.repository.ts,
 * `workload`): a job counts once, and people with none count as 0.
 */
export function roleCounts(
  jobs: readonly Job[],
  physicists: readonly Physicist[],
  role: Physicist['role'],
): RoleCount[] {
  const counts = new Map<number, number>();
  for (const job of jobs) {
    for (const id of new Set([job.assigned_lead_id, job.assigned_data_acq_id])) {
      if (id !== null) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return physicists
    .filter((physicist) => physicist.role === role)
    .map((physicist) => ({ name: physicist.name, jobs: counts.get(physicist.id) ?? 0 }));
}

/**
 * The people furthest from the fair share (the role's mean), furthest first,
 * at most `limit`, none of those on it to the tenth of a job.
 */
export function furthestFromShare(counts: readonly RoleCount[], share: number, limit = 2) {
  return counts
    .map((count) => ({ ...count, off: count.jobs - share }))
    .filter((count) => Math.abs(count.off) >= 0.05)
    .sort((a, b) => Math.abs(b.off) - Math.abs(a.off) || a.name.localeCompare(b.name))
    .slice(0, limit);
}
