import type { WhatIfStreamMessage, WhatIfSummary } from '@meridian/contracts';
import { WeightsSchema } from '@meridian/domain';
import { planRepair, RepairInputError, type Absence } from '@meridian/optimizer';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type {
  ProposalRow,
  ProposalsRepository,
  StoredAbsence,
} from '../../plan-history/proposals.repository';
import type { TaskRow } from '../../repositories/tasks.repository';
import { TaskFailure } from '../../tasks/task-failure';
import type { TasksService } from '../../tasks/tasks.service';
import type { InstanceBuilder } from '../../services/instance-builder';
import { planFingerprint } from '../../plan-history/plan-fingerprint';
import { toProposalResult } from '../../plan-history/proposal-result';
import {
  recordedAssignments,
  recordedPlan,
  repairInputFingerprint,
} from '../../plan-history/repair-input';

/** Search nodes of one repair: well past what real plans need, short enough not to stall the process. */
const MAX_NODES = 1_000_000;

/**
 * The worker side of a what-if (WhatIfRequests queues it): reads the plan,
 * finds the smallest repair for the absence and stores it as a ready
 * proposal. It changes no job: applying is a separate, explicit step.
 */
export class WhatIfRun {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly tasks: TasksService,
    private readonly builder: InstanceBuilder,
    private readonly proposals: ProposalsRepository,
  ) {}

  /** Repairs, then stores the proposal with the task's completion; a failure marks it failed. */
  async run(task: TaskRow, signal: AbortSignal): Promise<void> {
    const pending = await this.proposals.findByTask(task.id);
    if (!pending) throw new Error(`What-if task ${task.id} has no proposal to fill`);
    try {
      await this.repair(task, signal, pending);
    } catch (error) {
      await this.proposals.fail(task.id);
      throw error;
    }
  }

  private async repair(task: TaskRow, signal: AbortSignal, pending: ProposalRow): Promise<void> {
    await this.tasks.progress(
      task.id,
      {
        progress: 0,
        message: 'Reading jobs, staff and leave',
        elapsed_time: 0,
        estimated_total_time: null,
      },
      progressEvent('Reading jobs, staff and leave', 0, 0),
    );
    const began = performance.now();
    const weights = WeightsSchema.parse(task.weights);
    const built = await this.builder.build(this.db, weights);
    const stored = pending.absence as StoredAbsence;
    const absence: Absence = {
      kind: stored.kind,
      id: String(stored.id),
      start: stored.start,
      end: stored.end,
    };
    if (stored.kind === 'physicist' && !built.physicists.has(absence.id)) {
      throw new TaskFailure(
        `${stored.name} has no known home zip, so the plan cannot hold them; nothing to repair`,
      );
    }
    if (stored.kind === 'kit' && !built.kits.has(absence.id)) {
      throw new TaskFailure(
        `${stored.name} has no known location, so the plan cannot hold it; nothing to repair`,
      );
    }
    const elapsed = () => (performance.now() - began) / 1000;
    await this.tasks.progress(
      task.id,
      {
        progress: 10,
        message: 'Finding the smallest repair',
        elapsed_time: elapsed(),
        estimated_total_time: null,
      },
      progressEvent('Finding the smallest repair', 10, elapsed()),
    );
    // Its whole input is kept with the proposal, so the run its apply records can be replayed.
    const plan = recordedPlan(built);
    let repair;
    try {
      repair = planRepair(built.instance, recordedAssignments(plan), absence, {
        maxNodes: MAX_NODES,
      });
    } catch (error) {
      if (error instanceof RepairInputError)
        throw new TaskFailure(`What-if refused: ${error.message}`);
      throw error;
    }
    if (signal.aborted) return;
    const result = {
      ...toProposalResult(repair, planFingerprint(built)),
      repair: {
        plan,
        absence,
        weights,
        maxNodes: MAX_NODES,
        nodes: repair.nodes,
        exact: repair.exact,
        inputFingerprint: repairInputFingerprint(built.instance, plan),
      },
    };
    await this.tasks.finish(task.id, 'complete', async (trx) => {
      await this.proposals.complete(pending.id, result, trx);
      const summary: WhatIfSummary = {
        proposal_id: pending.id,
        changes: result.changes.length,
        unfilled: result.unfilled.length,
        objective_before: result.objectiveBefore,
        objective_after: result.objectiveAfter,
      };
      const slots = (n: number) => `${n} slot${n === 1 ? '' : 's'}`;
      return {
        message:
          `Proposal ready: ${slots(summary.changes)} to change` +
          (summary.unfilled > 0 ? `, ${slots(summary.unfilled)} nobody can fill` : '') +
          `; F ${result.objectiveBefore.total.toFixed(1)} -> ${result.objectiveAfter.total.toFixed(1)}`,
        finalEvent: {
          type: 'complete',
          proposal_id: pending.id,
          result: summary,
        } satisfies WhatIfStreamMessage,
        results: summary,
      };
    });
  }
}

const progressEvent = (
  message: string,
  progress: number,
  elapsed: number,
): WhatIfStreamMessage => ({
  type: 'progress',
  progress,
  message,
  estimated_total_time: null,
  elapsed_time: elapsed,
});
