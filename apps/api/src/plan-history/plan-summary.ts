import type { PlanSummary, WorkloadChange } from '@meridian/contracts';
import { jobPhase, type JobAssignment, type PlanWindow } from '@meridian/domain';
import type { PlanSlots, SlotValue } from '../repositories/jobs.repository';
import { readableDate } from '../plan-window/plan-window.service';
import type { BuiltInstance } from '../services/instance-builder';
import { RUN_SLOTS, sameSlot } from './plan-diff';

/** The most workload changes a summary lists. */
const MAX_WORKLOAD_CHANGES = 5;

/** A job's start date by id (null when unknown or undated). */
export type StartOf = (jobId: number) => string | null;

/** The start dates of a built instance's jobs. */
export const startsOf =
  (built: BuiltInstance): StartOf =>
  (jobId) =>
    built.jobs.get(String(jobId))?.start ?? null;

/** What a summary needs to know of the plan change besides the two readings of it. */
export interface SummaryInput {
  window: PlanWindow;
  /** Each job's start date, by job id (undated jobs are absent). */
  startOf: StartOf;
  milesBefore: number;
  milesAfter: number;
  /** P before and after: job days on a day their holder asked to avoid. */
  avoidedBefore?: number;
  avoidedAfter?: number;
}

/** Jobs per linked physicist in one reading of the plan (lead and data-acq slots). */
function workloads(plan: readonly PlanSlots[]): Map<number, { name: string; jobs: number }> {
  const counts = new Map<number, { name: string; jobs: number }>();
  const count = (value: SlotValue | null) => {
    if (value?.id == null) return;
    const entry = counts.get(value.id) ?? { name: value.name, jobs: 0 };
    entry.jobs += 1;
    counts.set(value.id, entry);
  };
  for (const job of plan) {
    count(job.lead);
    count(job.data_acq);
  }
  return counts;
}

/** The physicists whose number of jobs moved most, largest move first. */
function workloadChanges(
  before: readonly PlanSlots[],
  after: readonly PlanSlots[],
): WorkloadChange[] {
  const was = workloads(before);
  const now = workloads(after);
  const ids = new Set([...was.keys(), ...now.keys()]);
  return [...ids]
    .map((id) => ({
      physicist_id: id,
      name: now.get(id)?.name ?? was.get(id)!.name,
      jobs_before: was.get(id)?.jobs ?? 0,
      jobs_after: now.get(id)?.jobs ?? 0,
    }))
    .filter((c) => c.jobs_before !== c.jobs_after)
    .sort(
      (a, b) =>
        Math.abs(b.jobs_after - b.jobs_before) - Math.abs(a.jobs_after - a.jobs_before) ||
        a.physicist_id - b.physicist_id,
    )
    .slice(0, MAX_WORKLOAD_CHANGES);
}

/**
 * What a plan change did, counted slot by slot between two readings of the
 * plan (lead, data-acq and kit slots): filled slots given to someone else or
 * emptied, by the phase of their job, and empty slots filled.
 */
export function planSummary(
  before: readonly PlanSlots[],
  after: readonly PlanSlots[],
  input: SummaryInput,
): PlanSummary {
  const was = new Map(before.map((j) => [j.id, j]));
  let changed = 0;
  let published = 0;
  let past = 0;
  let filled = 0;
  let unfilled = 0;
  let first: string | null = null;
  for (const job of after) {
    const old = was.get(job.id);
    const start = input.startOf(job.id);
    const phase = jobPhase(start, input.window);
    for (const slot of RUN_SLOTS) {
      // An empty slot of a past job is history, not a slot left to fill.
      if (slot !== 'kit' && job[slot] === null && start !== null && phase !== 'past') unfilled += 1;
      if (old === undefined || sameSlot(old[slot], job[slot])) continue;
      if (start !== null && (first === null || start < first)) first = start;
      if (old[slot] === null) {
        filled += 1;
        continue;
      }
      changed += 1;
      if (phase === 'past') past += 1;
      if (phase === 'published') published += 1;
    }
  }
  return {
    slots_changed: changed,
    published_slots_changed: published,
    past_slots_changed: past,
    slots_filled: filled,
    slots_unfilled: unfilled,
    first_changed_start: first,
    miles_before: Math.round(input.milesBefore * 10) / 10,
    miles_after: Math.round(input.milesAfter * 10) / 10,
    ...(input.avoidedBefore === undefined || input.avoidedAfter === undefined
      ? {}
      : { avoided_days_before: input.avoidedBefore, avoided_days_after: input.avoidedAfter }),
    workload_changes: workloadChanges(before, after),
  };
}

/** How a headline speaks: of a change made, or of one a proposal would make. */
export type HeadlineTense = 'done' | 'proposed';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * A plan change in a manager's words, e.g. "3 slots changed (all from
 * 12 Jan 2026), 2 empty slots filled, 418 fewer miles, Hiro Kim 55 → 41
 * jobs; nothing already published was touched". `nothing` is said when no
 * slot changed.
 */
export function planHeadline(
  summary: PlanSummary,
  window: PlanWindow,
  tense: HeadlineTense,
  nothing: string,
): string {
  const parts: string[] = [];
  const verb = (done: string, proposed: string) => (tense === 'done' ? done : proposed);
  if (summary.slots_changed > 0) {
    const from = summary.first_changed_start;
    parts.push(
      `${plural(summary.slots_changed, 'slot')} ${verb('changed', 'would change')}` +
        (from === null ? '' : ` (all from ${readableDate(from)})`),
    );
  }
  if (summary.slots_filled > 0)
    parts.push(
      `${plural(summary.slots_filled, 'empty slot')} ${verb('filled', 'would be filled')}`,
    );
  if (parts.length === 0) {
    return summary.slots_unfilled > 0
      ? `${nothing}; ${plural(summary.slots_unfilled, 'slot')} cannot be filled`
      : nothing;
  }
  const miles = Math.round(summary.miles_after - summary.miles_before);
  if (miles !== 0) parts.push(`${plural(Math.abs(miles), miles < 0 ? 'fewer mile' : 'more mile')}`);
  const avoided = [summary.avoided_days_before, summary.avoided_days_after] as const;
  if (avoided[0] !== undefined && avoided[1] !== undefined && avoided[0] !== avoided[1])
    parts.push(`days on someone's avoided days ${avoided[0]} → ${avoided[1]}`);
  const top = summary.workload_changes[0];
  if (top) parts.push(`${top.name} ${top.jobs_before} → ${top.jobs_after} jobs`);
  if (summary.slots_unfilled > 0)
    parts.push(`${plural(summary.slots_unfilled, 'slot')} cannot be filled`);
  const touched = summary.published_slots_changed;
  const published =
    window.published_through === null
      ? ''
      : touched === 0
        ? `; nothing already published was ${verb('touched', 'would be touched')}`
        : `; ${plural(touched, 'published slot')} ${verb('changed: the people concerned were told', 'would change: the people concerned would be told')}`;
  return parts.join(', ') + published;
}

/**
 * A plan as the evaluator holds it (instance ids as text) in the form a
 * summary reads, with names from the instance: for proposals, which are
 * assignments rather than readings of the jobs table.
 */
export function slotsOfAssignments(
  built: BuiltInstance,
  assignments: readonly JobAssignment[],
): PlanSlots[] {
  const person = (id: string | null): SlotValue | null =>
    id === null ? null : { id: Number(id), name: built.physicists.get(id)?.name ?? id };
  const kit = (id: string | null): SlotValue | null =>
    id === null ? null : { id: Number(id), name: built.kits.get(id)?.name ?? id };
  return assignments.map((a) => ({
    id: Number(a.job_id),
    customer: built.jobs.get(a.job_id)?.customer ?? '',
    reason: '',
    lead: person(a.lead_id),
    data_acq: person(a.data_acq_id),
    kit: kit(a.kit_id),
    pinned: { lead: false, data_acq: false, kit: false },
  }));
}

/**
 * What a proposal (a preview's or a what-if's) would do, from the plan
 * before and after it as assignments on `built`: its summary and its
 * headline in the conditional ("3 slots would change ..."), or `nothing`.
 */
export function proposedChange(
  built: BuiltInstance,
  before: readonly JobAssignment[],
  after: readonly JobAssignment[],
  miles: { before: number; after: number; avoidedBefore?: number; avoidedAfter?: number },
  nothing: string,
): { summary: PlanSummary; headline: string } {
  const window = built.planning.window;
  const summary = planSummary(slotsOfAssignments(built, before), slotsOfAssignments(built, after), {
    window,
    startOf: startsOf(built),
    milesBefore: miles.before,
    milesAfter: miles.after,
    avoidedBefore: miles.avoidedBefore,
    avoidedAfter: miles.avoidedAfter,
  });
  return { summary, headline: planHeadline(summary, window, 'proposed', nothing) };
}
