import type { RunChange, RunSlot } from '@meridian/contracts';
import {
  evaluateObjective,
  type Instance,
  type JobAssignment,
  type Weights,
} from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PlanSlots, SlotValue } from '../repositories/jobs.repository';
import type { PreviewSearch, RepairInput } from './proposals.repository';
import type { RunChangesRepository } from './run-changes.repository';
import type { ReasonChange, RunRecord, RunsRepository } from './runs.repository';
import { inputFingerprint } from './input-fingerprint';

/** Jobs with both physicist slots filled. */
export const jobsFilled = (assignments: readonly JobAssignment[]): number =>
  assignments.filter((a) => a.lead_id !== null && a.data_acq_id !== null).length;

/** A plan write that is not a solver run (a restore, an applied proposal): what its record needs. */
export interface PlanWrite {
  kind: 'restore' | 'proposal';
  taskId: RunRecord['taskId'];
  algorithm: string | null;
  weights: Weights;
  /** The instance the write read; F before and the input fingerprint are taken on it. */
  instance: Instance;
  /** The instance after the write, when the write changed more than slots (a restore); else `instance`. */
  instanceAfter?: Instance;
  restoredRunId: number | null;
  createdBy: number;
  /** performance.now() when the write began. */
  startedMs: number;
  /**
   * An applied preview's search: the run records its seed, limits, recipe and
   * input fingerprint, so a replay reruns that search (F after is the write's).
   */
  search?: PreviewSearch;
  /**
   * An applied what-if's repair input (migration 0018): the run records it,
   * its fingerprint and its node counts, so a replay reruns the repair.
   */
  repair?: RepairInput;
}

/** The node limit and count of a recorded repair, in a run's iteration fields. */
const repairIterations = (repair: RepairInput | undefined) =>
  repair ? { maxIterations: repair.maxNodes, iterations: { repair: repair.nodes } } : null;

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

/**
 * Records a plan revision: the run and every slot it changed, in the
 * caller's transaction (the one that wrote the slots), so a revision and its
 * write exist together or not at all.
 */
export class PlanRevisions {
  constructor(
    private readonly runs: RunsRepository,
    private readonly changes: RunChangesRepository,
  ) {}

  /** Stores the run with what it changed between two readings of the plan; the run's id. */
  async record(
    trx: Kysely<DB>,
    run: Omit<RunRecord, 'changedSlots' | 'reasons'>,
    before: readonly PlanSlots[],
    after: readonly PlanSlots[],
  ): Promise<number> {
    const changes = planChanges(before, after);
    const id = await this.runs.recordRun(
      { ...run, changedSlots: changes.length, reasons: reasonChanges(before, after) },
      trx,
    );
    await this.changes.insert(id, changes, trx);
    return id;
  }

  /** Records a write that is not a solver run, with F's parts before and after measured here. */
  recordWrite(
    trx: Kysely<DB>,
    write: PlanWrite,
    before: readonly PlanSlots[],
    after: readonly PlanSlots[],
  ): Promise<number> {
    const afterInstance = write.instanceAfter ?? write.instance;
    const assignmentsAfter = planAssignments(afterInstance, after);
    const search = write.search;
    const repaired = repairIterations(write.repair);
    return this.record(
      trx,
      {
        kind: write.kind,
        taskId: write.taskId,
        algorithm: search?.algorithm ?? write.algorithm,
        status: search?.status ?? 'complete',
        weights: write.weights,
        seed: search?.seed ?? null,
        objective: evaluateObjective(afterInstance, assignmentsAfter, write.weights),
        objectiveBefore: evaluateObjective(
          write.instance,
          planAssignments(write.instance, before),
          write.weights,
        ),
        inputFingerprint:
          search?.inputFingerprint ??
          write.repair?.inputFingerprint ??
          inputFingerprint(write.instance),
        bound: search?.bound ?? null,
        elapsedMs: Math.round(performance.now() - write.startedMs),
        timeLimitMs: search?.timeLimitMs ?? null,
        maxIterations: search?.maxIterations ?? repaired?.maxIterations ?? null,
        iterations: search?.iterations ?? repaired?.iterations ?? {},
        ...(search ? { replay: search.replay, replayBlocker: search.replayBlocker } : {}),
        ...(write.repair ? { repair: write.repair } : {}),
        jobsAssigned: jobsFilled(assignmentsAfter),
        jobsTotal: assignmentsAfter.length,
        restoredRunId: write.restoredRunId,
        createdBy: write.createdBy,
      },
      before,
      after,
    );
  }
}
