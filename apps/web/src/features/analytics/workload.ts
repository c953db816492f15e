import type { Job } from '@meridian/domain';

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
