import type { OptimizeStreamMessage, RunSummary } from '@meridian/contracts';
import {
  checkHardConstraints,
  evaluateObjective,
  WeightsSchema,
  type AlgorithmKey,
  type JobAssignment,
} from '@meridian/domain';
import { solve, type SolveOptions, type SolveProgress } from '@meridian/optimizer';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { TasksService } from '../../tasks/tasks.service';
import type { TaskRow } from '../../repositories/tasks.repository';
import type { JobSlotsWrite, JobsRepository } from '../../repositories/jobs.repository';
import type { PreviewSearch, ProposalsRepository } from '../../plan-history/proposals.repository';
import type { BuiltInstance, InstanceBuilder } from '../../services/instance-builder';
import { labelOf } from '../algorithm-label';
import { inputFingerprint } from '../../plan-history/input-fingerprint';
import { jobsFilled, planAssignments } from '../../plan-history/plan-diff';
import type { RunRecorder } from '../../plan-history/run-recorder';
import { iterationsOf, replayBlockerOf } from '../../plan-history/run-iterations';
import { previewProposal } from '../../plan-history/preview-proposal';
import { reasonAfterRun } from '../../plan-history/reason-text';
import { TaskFailure } from '../../tasks/task-failure';

/** Fewest milliseconds between two streamed progress events of one run. */
const PROGRESS_EVERY_MS = 1000;

/** Describes the first hard-constraint violations with job ids, for an error message. */
const describeViolations = (v: ReturnType<typeof checkHardConstraints>): string =>
  v
    .slice(0, 3)
    .map((x) => `job ${x.job_id} ${x.slot}: ${x.reason}`)
    .join('; ') + (v.length > 3 ? ` (and ${v.length - 3} more)` : '');

/**
 * The worker side of optimisation (OptimizationRequests queues it): solves on
 * a worker thread and, only on success, writes every non-pinned slot in one
 * transaction with the run record. Cancelled or failed runs write nothing.
 */
export class OptimizationRun {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly tasks: TasksService,
    private readonly builder: InstanceBuilder,
    private readonly jobs: JobsRepository,
    private readonly recorder: RunRecorder,
    private readonly proposals: ProposalsRepository,
  ) {}

  /** Solves, then writes in one transaction unless cancelled. */
  async run(task: TaskRow, signal: AbortSignal): Promise<void> {
    const algorithm = task.algorithm as AlgorithmKey;
    const weights = WeightsSchema.parse(task.weights);
    const emit = (p: SolveProgress) =>
      this.tasks.progress(
        task.id,
        {
          progress: Math.round(p.fraction * 1000) / 10,
          message: p.message,
          elapsed_time: p.elapsedMs / 1000,
          estimated_total_time: p.estimatedTotalMs / 1000,
        },
        {
          type: 'progress',
          progress: Math.round(p.fraction * 1000) / 10,
          message: p.message,
          estimated_total_time: p.estimatedTotalMs / 1000,
          elapsed_time: p.elapsedMs / 1000,
        } satisfies OptimizeStreamMessage,
      );
    await emit({
      fraction: 0,
      message: 'Reading jobs, staff and leave',
      bestObjective: null,
      elapsedMs: 0,
      estimatedTotalMs: task.time_limit_ms,
    });
    const built = await this.builder.build(this.db, weights);
    let lastSent = 0;
    let sending: Promise<void> = Promise.resolve();
    const options: SolveOptions = {
      algorithm,
      timeLimitMs: task.time_limit_ms,
      seed: task.seed,
      weights,
      ...(task.max_iterations !== null ? { maxIterations: task.max_iterations } : {}),
    };
    const result = await solve(built.instance, options, {
      signal,
      onProgress: (p) => {
        const now = performance.now();
        if (now - lastSent < PROGRESS_EVERY_MS) return;
        lastSent = now;
        // Chained so events are stored in order; a failed write never stops the solver.
        sending = sending.then(() => emit(p)).catch(() => {});
      },
    });
    await sending;
    if (signal.aborted || result.status === 'cancelled') return;
    if (result.status === 'infeasible') {
      const v = checkHardConstraints(built.instance, result.assignments);
      throw new TaskFailure(
        `Pinned assignments break hard constraints (${describeViolations(v)}); fix or clear them and run again`,
      );
    }
    const preview = await this.proposals.findByTask(task.id);
    if (preview)
      return this.finishPreview(task, result, preview.id, inputFingerprint(built.instance));
    const date = new Date().toISOString().slice(0, 10);
    const runLabel = `Assigned by ${labelOf(algorithm)} (${algorithm}) on ${date}`;
    await this.tasks.finish(task.id, 'complete', async (trx) => {
      const summary = await this.apply(
        trx,
        task,
        result,
        runLabel,
        inputFingerprint(built.instance),
      );
      const { objective } = summary;
      return {
        message: `Assigned ${summary.jobs_assigned} of ${summary.jobs_total} jobs; ${Math.round(objective.distance_miles)} mi; F = ${objective.total.toFixed(1)}${built.undatedJobs > 0 ? `; ${built.undatedJobs} jobs without dates left out` : ''}`,
        finalEvent: { type: 'complete', result: summary } satisfies OptimizeStreamMessage,
        results: summary,
      };
    });
  }

  /**
   * A preview (apply=false): the result becomes a proposal against the plan
   * as it is now, and no job changes.
   */
  private async finishPreview(
    task: TaskRow,
    result: Awaited<ReturnType<typeof solve>>,
    proposalId: number,
    fingerprint: string,
  ): Promise<void> {
    const weights = WeightsSchema.parse(task.weights);
    await this.tasks.finish(task.id, 'complete', async (trx) => {
      const fresh = await this.builder.build(trx, weights);
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
        inputFingerprint: fingerprint,
        bound: result.bound ?? null,
      };
      await this.proposals.complete(proposalId, { ...made.result, search }, trx);
      const summary: RunSummary = {
        algorithm: result.algorithm,
        status: result.status,
        objective: made.result.objectiveAfter,
        bound: result.bound ?? null,
        elapsed_ms: result.elapsed_ms,
        jobs_assigned: jobsFilled(made.after),
        jobs_total: made.after.length,
        found_by: typeof result.stats.found_by === 'string' ? result.stats.found_by : null,
      };
      const n = made.result.changes.length;
      return {
        message: `Preview ready: ${n} slot${n === 1 ? '' : 's'} would change; F ${made.result.objectiveBefore.total.toFixed(1)} -> ${summary.objective.total.toFixed(1)}; nothing was applied`,
        finalEvent: {
          type: 'complete',
          result: summary,
          proposal_id: proposalId,
        } satisfies OptimizeStreamMessage,
        results: { ...summary, proposal_id: proposalId },
      };
    });
  }

  /**
   * Writes the result against the data as it is now (locked in this
   * transaction): pinned slots from now, the rest from the run. If someone
   * changed the schedule meanwhile so that the result would break a hard
   * rule, nothing is written and the run fails with a clear message. The
   * run is recorded as a plan revision with every slot it changed.
   */
  private async apply(
    trx: Kysely<DB>,
    task: TaskRow,
    result: Awaited<ReturnType<typeof solve>>,
    runLabel: string,
    fingerprint: string,
  ): Promise<RunSummary> {
    const weights = WeightsSchema.parse(task.weights);
    // Without these locks a change committed by another connection between this
    // read and the write below would not be seen by the check (PostgreSQL); they
    // also make the recorded before and after exactly what this write replaced and left.
    await this.jobs.lockForPlanWrite(trx);
    const before = await this.jobs.planSlots(trx);
    const fresh = await this.builder.build(trx, weights);
    const proposed = new Map(result.assignments.map((a) => [a.job_id, a]));
    const merged: JobAssignment[] = fresh.instance.jobs.map((job) => {
      const a = proposed.get(job.id);
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
    await this.jobs.writeOptimizedSlots(this.slotWrites(fresh, merged, runLabel), trx);
    const objective = evaluateObjective(fresh.instance, merged, weights);
    const summary: RunSummary = {
      algorithm: result.algorithm,
      status: result.status,
      objective,
      bound: result.bound ?? null,
      elapsed_ms: result.elapsed_ms,
      jobs_assigned: jobsFilled(merged),
      jobs_total: merged.length,
      found_by: typeof result.stats.found_by === 'string' ? result.stats.found_by : null,
    };
    const after = await this.jobs.planSlots(trx);
    await this.recorder.record(
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
        inputFingerprint: fingerprint,
        bound: summary.bound,
        elapsedMs: result.elapsed_ms,
        timeLimitMs: task.time_limit_ms,
        maxIterations: task.max_iterations,
        iterations: iterationsOf(result.algorithm, result.stats),
        replay: result.stats.replay ?? null,
        replayBlocker: replayBlockerOf(result.stats),
        jobsAssigned: summary.jobs_assigned,
        jobsTotal: summary.jobs_total,
        restoredRunId: null,
        createdBy: task.created_by,
      },
      before,
      after,
    );
    return summary;
  }

  private slotWrites(built: BuiltInstance, merged: JobAssignment[], runLabel: string) {
    const writes: JobSlotsWrite[] = [];
    for (const a of merged) {
      const job = built.jobs.get(a.job_id)!;
      writes.push({
        id: job.id,
        lead: a.lead_id === null ? null : Number(a.lead_id),
        acq: a.data_acq_id === null ? null : Number(a.data_acq_id),
        reason: reasonAfterRun(job, a, built, runLabel),
      });
    }
    return writes;
  }
}
