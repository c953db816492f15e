import { firstPerJob } from '@meridian/domain';
import type { Instance, JobAssignment } from '@meridian/domain';
import type { RepairChange, RepairSlotName } from './types';

const FIELDS: readonly [RepairSlotName, 'lead_id' | 'data_acq_id' | 'kit_id'][] = [
  ['lead', 'lead_id'],
  ['data_acq', 'data_acq_id'],
  ['kit', 'kit_id'],
];

/** Every slot of the instance's jobs that differs between two plans, in job then slot order. */
export function planChanges(
  instance: Instance,
  before: readonly JobAssignment[],
  after: readonly JobAssignment[],
): RepairChange[] {
  const was = firstPerJob(before);
  const now = firstPerJob(after);
  const changes: RepairChange[] = [];
  for (const job of instance.jobs) {
    for (const [slot, field] of FIELDS) {
      const b = was.get(job.id)?.[field] ?? null;
      const a = now.get(job.id)?.[field] ?? null;
      if (a !== b)
        changes.push({ job_id: job.id, slot, before: b, after: a, locked: job[field] != null });
    }
  }
  return changes;
}
