import { parseReason, type Job, type Physicist } from '@meridian/domain';
import { parseCandidates } from './candidates';

/**
 * Whether a job concerns any of the chosen physicists: assigned to it, or
 * named among its candidates. No choice matches every job.
 */
export function jobConcernsPhysicists(job: Job, chosen: readonly Physicist[]): boolean {
  if (chosen.length === 0) return true;
  const ids = new Set(chosen.map((physicist) => physicist.id));
  if (job.assigned_lead_id !== null && ids.has(job.assigned_lead_id)) return true;
  if (job.assigned_data_acq_id !== null && ids.has(job.assigned_data_acq_id)) return true;
  const names = new Set(chosen.map((physicist) => physicist.name));
  if (
    (job.assigned_lead && names.has(job.assigned_lead)) ||
    (job.assigned_data_acq && names.has(job.assigned_data_acq))
  ) {
    return true;
  }
  const lists = parseCandidates(parseReason(job.reason).summary);
  return [...lists.lead, ...lists.acq].some((entry) => names.has(entry.name));
}
