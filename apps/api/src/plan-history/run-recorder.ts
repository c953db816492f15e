import type { PlanSummary } from '@meridian/contracts';
import { evaluateObjective, type Instance, type Weights } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PlanSlots } from '../repositories/jobs.repository';
import type { RunPlanning } from '../services/instance-builder';
import { planHeadline, planSummary, type StartOf } from './plan-summary';
import { inputFingerprint } from './input-fingerprint';
import { jobsFilled, planAssignments, planChanges, reasonChanges } from './plan-diff';
import type { PreviewSearch, RepairInput } from './proposals.repository';
import type { RunChangesRepository } from './run-changes.repository';
import type { RunRecord, RunsRepository } from './runs.repository';

/** A plan write that is not a solver run (a restore, an applied proposal): what its record needs. */
export interface PlanWrite {
  kind: 'restore' | 'proposal' | 'correction' | 'swap';
  taskId: RunRecord['taskId'];
  algorithm: string | null;
  weights: Weights;
  /** The instance the write read; F before and the input fingerprint are taken on it. */
  instance: Instance;
  /** Where the write started (its window, scope and the plan before it). */
  planning: RunPlanning;
  /** Each job's start date by id, for the summary's phases. */
  startOf: StartOf;
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
  /** A correction's reason, or what a swap did. */
  correctionReason?: string;
  /** What the write did, when its slots cannot say it (a past job deleted from the record). */
  headline?: string;
}

/** What a run of each kind says when it changed nothing. */
const NOTHING_CHANGED: Record<RunRecord['kind'], string> = {
  optimization: 'No changes: the plan is already the best found',
  kit_assignment: 'No changes: every kit stays where it was',
  restore: 'No changes: the plan already matched that run',
  proposal: 'No changes: the plan already matched the proposal',
  correction: 'No changes: the record already said so',
  swap: 'No changes: the slot already had its new holder',
};

/** A recorded run: its id and what it did. */
export interface RecordedRun {
  id: number;
  headline: string;
  summary: PlanSummary;
}

/** The node limit and count of a recorded repair, in a run's iteration fields. */
const repairIterations = (repair: RepairInput | undefined) =>
  repair ? { maxIterations: repair.maxNodes, iterations: { repair: repair.nodes } } : null;

/**
 * Records a plan revision: the run and every slot it changed, in the
 * caller's transaction (the one that wrote the slots), so a revision and its
 * write exist together or not at all.
 */
export class RunRecorder {
  constructor(
    private readonly runs: RunsRepository,
    private readonly changes: RunChangesRepository,
  ) {}

  /** Stores the run with what it changed between two readings of the plan, and says what it did. */
  async record(
    trx: Kysely<DB>,
    run: Omit<RunRecord, 'changedSlots' | 'reasons' | 'headline' | 'summary'>,
    before: readonly PlanSlots[],
    after: readonly PlanSlots[],
    startOf: StartOf,
    said?: string,
  ): Promise<RecordedRun> {
    const changes = planChanges(before, after);
    const window = run.planning.window;
    const summary = planSummary(before, after, {
      window,
      startOf,
      milesBefore: run.objectiveBefore.distance_miles,
      milesAfter: run.objective.distance_miles,
      avoidedBefore: run.objectiveBefore.avoided_days,
      avoidedAfter: run.objective.avoided_days,
    });
    const headline = said ?? planHeadline(summary, window, 'done', NOTHING_CHANGED[run.kind]);
    const id = await this.runs.recordRun(
      {
        ...run,
        changedSlots: changes.length,
        reasons: reasonChanges(before, after),
        headline,
        summary,
      },
      trx,
    );
    await this.changes.insert(id, changes, trx);
    return { id, headline, summary };
  }

  /** Records a write that is not a solver run, with F's parts before and after measured here. */
  recordWrite(
    trx: Kysely<DB>,
    write: PlanWrite,
    before: readonly PlanSlots[],
    after: readonly PlanSlots[],
  ): Promise<RecordedRun> {
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
        ...(write.correctionReason ? { correctionReason: write.correctionReason } : {}),
        jobsAssigned: jobsFilled(assignmentsAfter),
        jobsTotal: assignmentsAfter.length,
        restoredRunId: write.restoredRunId,
        createdBy: write.createdBy,
        planning: write.planning,
      },
      before,
      after,
      write.startOf,
      write.headline,
    );
  }
}
