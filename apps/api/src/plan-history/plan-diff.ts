import type { RunChange, RunSlot } from '@meridian/contracts';
import {
  countOpenSlots,
  type Instance,
  type JobAssignment,
  type OpenSlotCount,
} from '@meridian/domain';
import type { PlanSlots, SlotValue } from '../repositories/jobs.repository';
import type { ReasonChange } from './runs.repository';

/** Jobs with both physicist slots filled. */
export const jobsFilled = (assignments: readonly JobAssignment[]): number =>
  assignments.filter((a) => a.lead_id !== null && a.data_acq_id !== null).length;

/** The open slots of a whole reading of the plan, as every screen counts them. */
export const planOpenSlots = (plan: readonly PlanSlots[]): OpenSlotCount =>
  countOpenSlots(
    plan.map((job) => ({
      assigned_lead_id: job.lead?.id ?? null,
      assigned_lead: job.lead?.name ?? null,
      assigned_data_acq_id: job.data_acq?.id ?? null,
      assigned_data_acq: job.data_acq?.name ?? null,
    })),
  );

/** Every slot of a job, in the order changes are listed. */
export const RUN_SLOTS: readonly RunSlot[] = ['lead', 'data_acq', 'kit'];

/** Whether two slot values are the same assignment (by id when linked, else by name text). */
export function sameSlot(a: SlotValue | null, b: SlotValue | null): boolean {
  if (a === null || b === null) return a === b;
  return a.id !== null || b.id !== null ? a.id === b.id : a.name === b.name;
}

/** The slots that differ between two readings of the plan. */
export function planChanges(
  before: readonly PlanSlots[],
  after: readonly PlanSlots[],
): RunChange[] {
  const was = new Map(before.map((j) => [j.id, j]));
  const changes: RunChange[] = [];
  for (const now of after) {
    const old = was.get(now.id);
    if (old === undefined) continue;
    for (const slot of RUN_SLOTS) {
      if (sameSlot(old[slot], now[slot])) continue;
      changes.push({ job_id: now.id, slot, before: old[slot], after: now[slot] });
    }
  }
  return changes;
}

/** The jobs whose reason text differs between two readings of the plan. */
export function reasonChanges(
  before: readonly PlanSlots[],
  after: readonly PlanSlots[],
): ReasonChange[] {
  const was = new Map(before.map((j) => [j.id, j.reason]));
  return after
    .filter((j) => was.has(j.id) && was.get(j.id) !== j.reason)
    .map((j) => ({ job_id: j.id, before: was.get(j.id)!, after: j.reason }));
}

/** The plan as the evaluator reads it: linked ids of the instance's jobs (unmatched names count as empty). */
export function planAssignments(instance: Instance, plan: readonly PlanSlots[]): JobAssignment[] {
  const byId = new Map(plan.map((j) => [String(j.id), j]));
  const id = (v: SlotValue | null) => (v?.id == null ? null : String(v.id));
  return instance.jobs.map((job) => {
    const slots = byId.get(job.id);
    return {
      job_id: job.id,
      lead_id: slots ? id(slots.lead) : null,
      data_acq_id: slots ? id(slots.data_acq) : null,
      kit_id: slots ? id(slots.kit) : null,
    };
  });
}
