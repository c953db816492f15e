import { createHash } from 'node:crypto';
import type { JobAssignment } from '@meridian/domain';
import type { BuiltInstance } from '../services/instance-builder';

/** The plan as it is stored now: every dated job's three slots (ids as the instance's strings). */
export function currentPlan(built: BuiltInstance): JobAssignment[] {
  const text = (id: number | null) => (id === null ? null : String(id));
  return built.instance.jobs.map((job) => {
    const stored = built.jobs.get(job.id)!;
    return {
      job_id: job.id,
      lead_id: text(stored.assigned_lead_id),
      data_acq_id: text(stored.assigned_data_acq_id),
      kit_id: text(stored.assigned_kit_id),
    };
  });
}

/**
 * A hash of what a proposal was made from: jobs (dates, places, pins), the
 * roster with leave, kits and every slot. Weights are left out: they change
 * F's numbers, not which plan is in place. Equal hashes mean the proposal
 * still applies to the plan it was made for.
 */
export function planFingerprint(built: BuiltInstance): string {
  const { physicists, jobs, kits } = built.instance;
  const body = JSON.stringify({ physicists, jobs, kits, plan: currentPlan(built) });
  return createHash('sha256').update(body).digest('hex');
}
