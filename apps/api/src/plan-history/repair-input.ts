import { createHash } from 'node:crypto';
import type { Instance, JobAssignment } from '@meridian/domain';
import type { RecordedSlots } from './proposals.repository';
import type { BuiltInstance } from '../services/instance-builder';
import { inputFingerprint } from './input-fingerprint';
import { currentPlan } from './plan-fingerprint';

/** The plan a what-if repairs: every dated job's stored slots, with the pins the instance holds. */
export function recordedPlan(built: BuiltInstance): RecordedSlots[] {
  const jobs = built.instance.jobs;
  return currentPlan(built).map((slots, i) => ({
    ...slots,
    lead_pinned: jobs[i]!.lead_id !== null,
    data_acq_pinned: jobs[i]!.data_acq_id !== null,
    kit_pinned: jobs[i]!.kit_id !== null,
  }));
}

/** The recorded plan as the repair reads it (slots only; pins travel on the instance's jobs). */
export const recordedAssignments = (plan: readonly RecordedSlots[]): JobAssignment[] =>
  plan.map((s) => ({
    job_id: s.job_id,
    lead_id: s.lead_id,
    data_acq_id: s.data_acq_id,
    kit_id: s.kit_id,
  }));

/**
 * `instance` with the pins of a recorded plan instead of today's: a replay
 * repairs the plan as it was, and the apply itself unpinned the locked slots
 * it moved. A job the plan does not know gets no pin (the fingerprint then
 * differs anyway: the jobs changed).
 */
export function withRecordedPins(instance: Instance, plan: readonly RecordedSlots[]): Instance {
  const byJob = new Map(plan.map((s) => [s.job_id, s]));
  return {
    ...instance,
    jobs: instance.jobs.map((job) => {
      const s = byJob.get(job.id);
      return {
        ...job,
        lead_id: s?.lead_pinned ? s.lead_id : null,
        data_acq_id: s?.data_acq_pinned ? s.data_acq_id : null,
        kit_id: s?.kit_pinned ? s.kit_id : null,
      };
    }),
  };
}

/**
 * The input fingerprint of a repair: sha256 (hex) of the instance's input
 * fingerprint (jobs with their pins, roster with leave, kits, weights) and
 * of the plan before the repair, every slot, in job-id order.
 */
export function repairInputFingerprint(instance: Instance, plan: readonly RecordedSlots[]): string {
  const rows = [...plan]
    .sort(
      (a, b) =>
        Number(a.job_id) - Number(b.job_id) ||
        (a.job_id < b.job_id ? -1 : a.job_id > b.job_id ? 1 : 0),
    )
    .map((s) => [
      s.job_id,
      s.lead_id,
      s.data_acq_id,
      s.kit_id,
      s.lead_pinned,
      s.data_acq_pinned,
      s.kit_pinned,
    ]);
  return createHash('sha256')
    .update(inputFingerprint(instance))
    .update('\n')
    .update(JSON.stringify(rows))
    .digest('hex');
}
