import type { OptimizeStreamMessage, RunSummary } from '@meridian/contracts';
import {
  checkHardConstraints,
  evaluateObjective,
  type AlgorithmKey,
  type JobAssignment,
} from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { inputFingerprint } from '../../plan-history/input-fingerprint';
import { jobsFilled, planAssignments, planOpenSlots } from '../../plan-history/plan-diff';
import { previewProposal } from '../../plan-history/preview-proposal';
import type { PreviewSearch, ProposalsRepository } from '../../plan-history/proposals.repository';
import { reasonAfterRun } from '../../plan-history/reason-text';
import type { RunRecorder } from '../../plan-history/run-recorder';
import { currentPlan } from '../../plan-history/plan-fingerprint';
import { proposedChange, startsOf } from '../../plan-history/plan-summary';
import type { PlanChangeNotices } from '../../plan-window/plan-change-notices';
import { iterationsOf, replayBlockerOf } from '../../plan-history/run-iterations';
import type { JobSlotsWrite, JobsRepository } from '../../repositories/jobs.repository';
import type { TaskRow } from '../../repositories/tasks.repository';
import type { BuiltInstance, InstanceBuilder } from '../../services/instance-builder';
import { TaskFailure } from '../../tasks/task-failure';
import type { TaskOutcome } from '../../tasks/task-kinds';
import { labelOf } from '../algorithm-label';
import { describeViolations, type Solved } from './optimization-run';

/** What a preview says when its run found nothing worth changing. */
const NOTHING_TO_PROPOSE = 'No changes: the plan is already the best found';

/**
 * The apply step of an optimisation, in the task's finishing transaction:
 * writes every non-pinned slot with the run record, or, for a preview,
 * fills its proposal and changes no job.
 */
export class OptimizationApply {
  constructor(
    private readonly builder: InstanceBuilder,
    private readonly jobs: JobsRepository,
    private readonly recorder: RunRecorder,
    private readonly proposals: ProposalsRepository,
    private readonly changeNotices: PlanChangeNotices,
  ) {}

  /** Writes the plan (or the preview's proposal); answers the task's outcome. */
  apply(trx: Kysely<DB>, task: TaskRow, solved: Solved): Promise<TaskOutcome> {
    return solved.previewId === null
      ? this.write(trx, task, solved)
      : this.preview(trx, task, solved, solved.previewId);
  }

  /**
   * Writes the result against the data as it is now (locked in this
   * transaction): pinned slots from now, the rest from the run. If someone
   * changed the schedule meanwhile so that the result would break a hard
   * rule, nothing is written and the run fails with a clear message. The
   * run is recorded in the plan history with every slot it changed.
   */
  private async write(trx: Kysely<DB>, task: TaskRow, solved: Solved): Promise<TaskOutcome> {
    const { result, weights, built } = solved;
    const requested = task.algorithm as AlgorithmKey;
    const date = new Date().toISOString().slice(0, 10);
    const runLabel = `Assigned by ${labelOf(requested)} (${requested}) on ${date}`;
    // Without these locks a change committed by another connection between this
    // read and the write below would not be seen by the check (PostgreSQL); they
    // also make the recorded before and after exactly what this write replaced and left.
    await this.jobs.lockForPlanWrite(trx);
    const before = await this.jobs.planSlots(trx);
    // The run's instance, unless jobs, roster, leave or kits were written since it was read.
    const fresh = await this.builder.current(trx, built);
    const proposed = new Map(result.assignments.map((a) => [a.job_id, a]));
    const merged: JobAssignment[] = fresh.instance.jobs.map((job) => {
      // A frozen job (past, or published outside the run's scope) keeps what it has now.
      const a = fresh.frozen.has(job.id)
        ? { lead_id: job.current_lead_id ?? null, data_acq_id: job.current_data_acq_id ?? null }
        : proposed.get(job.id);
      return {
        job_id: job.id,
        lead_id: job.lead_id ?? a?.lead_id ?? null,
        data_acq_id: job.data_acq_id ?? a?.data_acq_id ?? null,
        kit_id: job.kit_id,
      };
    });
    const violations = checkHardConstraints(fresh.instance, merged);
    if (violations.length > 0) {
      throw new TaskFailure(
        `The schedule changed while the optimiser ran and its result no longer fits (${describeViolations(violations)}); nothing was changed, run it again`,
      );
    }
    await this.jobs.writeOptimizedSlots(
      slotWrites(fresh, merged, runLabel).filter((w) => !fresh.frozen.has(String(w.id))),
      trx,
    );
    const objective = evaluateObjective(fresh.instance, merged, weights);
    const after = await this.jobs.planSlots(trx);
    // Counted over the whole plan, undated and past jobs too, as the analytics summary counts.
    const open = planOpenSlots(after);
    const jobsAssigned = open.jobs - open.jobs_with_open_slots;
    const recorded = await this.recorder.record(
      trx,
      {
        kind: 'optimization',
        taskId: task.id,
        algorithm: result.algorithm,
        status: result.status,
        weights,
        seed: task.seed,
        objective,
        objectiveBefore: evaluateObjective(
          fresh.instance,
          planAssignments(fresh.instance, before),
          weights,
        ),
        inputFingerprint: inputFingerprint(built.instance),
        bound: result.bound ?? null,
        elapsedMs: result.elapsed_ms,
        timeLimitMs: task.time_limit_ms,
        maxIterations: task.max_iterations,
        iterations: iterationsOf(result.algorithm, result.stats),
        replay: result.stats.replay ?? null,
        replayBlocker: replayBlockerOf(result.stats),
        jobsAssigned,
        jobsTotal: open.jobs,
        restoredRunId: null,
        createdBy: task.created_by,
        planning: built.planning,
      },
      before,
      after,
      startsOf(fresh),
    );
    const wake = await this.changeNotices.tell(trx);
    const summary: RunSummary = {
      algorithm: result.algorithm,
      status: result.status,
      objective,
      bound: result.bound ?? null,
      elapsed_ms: result.elapsed_ms,
      jobs_assigned: jobsAssigned,
      jobs_total: open.jobs,
      found_by: typeof result.stats.found_by === 'string' ? result.stats.found_by : null,
      headline: recorded.headline,
      summary: recorded.summary,
    };
    return {
      message: `${recorded.headline}${built.undatedJobs > 0 ? `; ${built.undatedJobs} jobs without dates left out` : ''}`,
      finalEvent: { type: 'complete', result: summary } satisfies OptimizeStreamMessage,
      results: summary,
      afterCommit: wake,
    };
  }

  /**
   * A preview (apply=false): the result becomes a proposal against the plan
   * as it is now, and no job changes.
   */
  private async preview(
    trx: Kysely<DB>,
    task: TaskRow,
    solved: Solved,
    proposalId: number,
  ): Promise<TaskOutcome> {
    const { result, weights, built } = solved;
    const fresh = await this.builder.current(trx, built);
    const made = previewProposal(fresh, result.assignments, weights);
    if ('violations' in made) {
      throw new TaskFailure(
        `The schedule changed while the optimiser ran and its result no longer fits (${describeViolations(made.violations)}); run it again`,
      );
    }
    // What replays the search once the proposal is applied (its run takes it over).
    const search: PreviewSearch = {
      algorithm: result.algorithm,
      status: result.status,
      seed: task.seed,
      weights,
      timeLimitMs: task.time_limit_ms,
      maxIterations: task.max_iterations,
      iterations: iterationsOf(result.algorithm, result.stats),
      replay: result.stats.replay ?? null,
      replayBlocker: replayBlockerOf(result.stats),
      inputFingerprint: inputFingerprint(built.instance),
      bound: result.bound ?? null,
      planning: built.planning,
    };
    await this.proposals.complete(proposalId, { ...made.result, search }, trx);
    const { summary: proposed, headline } = proposedChange(
      fresh,
      currentPlan(fresh),
      made.after,
      {
        before: made.result.objectiveBefore.distance_miles,
        after: made.result.objectiveAfter.distance_miles,
        avoidedBefore: made.result.objectiveBefore.avoided_days,
        avoidedAfter: made.result.objectiveAfter.avoided_days,
      },
      NOTHING_TO_PROPOSE,
    );
    const summary: RunSummary = {
      algorithm: result.algorithm,
      status: result.status,
      objective: made.result.objectiveAfter,
      bound: result.bound ?? null,
      elapsed_ms: result.elapsed_ms,
      jobs_assigned: jobsFilled(made.after),
      jobs_total: made.after.length,
      found_by: typeof result.stats.found_by === 'string' ? result.stats.found_by : null,
      headline,
      summary: proposed,
    };
    return {
      message: `Preview ready: ${headline}; nothing was applied`,
      finalEvent: {
        type: 'complete',
        result: summary,
        proposal_id: proposalId,
      } satisfies OptimizeStreamMessage,
      results: { ...summary, proposal_id: proposalId },
    };
  }
}

/** Every dated job's physicist slots and reason after the run. */
function slotWrites(
  built: BuiltInstance,
  merged: JobAssignment[],
  runLabel: string,
): JobSlotsWrite[] {
  return merged.map((a) => {
    const job = built.jobs.get(a.job_id)!;
    return {
      id: job.id,
      lead: a.lead_id === null ? null : Number(a.lead_id),
      acq: a.data_acq_id === null ? null : Number(a.data_acq_id),
      reason: reasonAfterRun(job, a, built, runLabel),
    };
  });
}
