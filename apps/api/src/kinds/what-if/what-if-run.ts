import type { WhatIfStreamMessage, WhatIfSummary } from '@meridian/contracts';
import { WeightsSchema } from '@meridian/domain';
import { planRepair, RepairInputError, type Absence } from '@meridian/optimizer';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type {
  ProposalResult,
  ProposalsRepository,
  StoredAbsence,
} from '../../plan-history/proposals.repository';
import type { TaskRow } from '../../repositories/tasks.repository';
import { TaskFailure } from '../../tasks/task-failure';
import type { RunContext, TaskOutcome } from '../../tasks/task-kinds';
import type { InstanceBuilder } from '../../services/instance-builder';
import { planFingerprint } from '../../plan-history/plan-fingerprint';
import { proposedChange } from '../../plan-history/plan-summary';
import { toProposalResult } from '../../plan-history/proposal-result';
import {
  recordedAssignments,
  recordedPlan,
  repairInputFingerprint,
} from '../../plan-history/repair-input';

/** Search nodes of one repair: well past what real plans need, short enough not to stall the process. */
const MAX_NODES = 1_000_000;

/** What a what-if's run hands its apply: the proposal to fill and its stored result. */
export interface Repaired {
  proposalId: number;
  result: ProposalResult;
  /** What the repair would do, in words. */
  headline: string;
}

/** What a what-if says when the absence needs no change. */
const NOTHING_TO_REPAIR = 'No changes needed: the plan already works without them';

/**
 * The worker side of a what-if (WhatIfRequests queues it): reads the plan,
 * finds the smallest repair for the absence (run) and stores it as a ready
 * proposal (apply). It changes no job: applying is a separate, explicit
 * step. A failure marks its proposal failed.
 */
export class WhatIfRun {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly builder: InstanceBuilder,
    private readonly proposals: ProposalsRepository,
  ) {}

  /** Repairs; null when cancelled. */
  async run(task: TaskRow, { signal, progress }: RunContext): Promise<Repaired | null> {
    const pending = await this.proposals.findByTask(task.id);
    if (!pending) throw new Error(`What-if task ${task.id} has no proposal to fill`);
    await progress(
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
    // An absence in a published week has to be covered: a what-if may change published jobs.
    const built = await this.builder.build(this.db, weights, { scope: 'published' });
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
    await progress(
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
    if (signal.aborted) return null;
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
    const { headline } = proposedChange(
      built,
      recordedAssignments(plan),
      repair.assignments,
      {
        before: result.objectiveBefore.distance_miles,
        after: result.objectiveAfter.distance_miles,
        avoidedBefore: result.objectiveBefore.avoided_days,
        avoidedAfter: result.objectiveAfter.avoided_days,
      },
      NOTHING_TO_REPAIR,
    );
    return { proposalId: pending.id, result, headline };
  }

  /** Stores the proposal, ready to apply or discard. */
  async apply(trx: Kysely<DB>, { proposalId, result, headline }: Repaired): Promise<TaskOutcome> {
    await this.proposals.complete(proposalId, result, trx);
    const summary: WhatIfSummary = {
      proposal_id: proposalId,
      changes: result.changes.length,
      unfilled: result.unfilled.length,
      objective_before: result.objectiveBefore,
      objective_after: result.objectiveAfter,
      headline,
    };
    return {
      message: `Proposal ready: ${headline}`,
      finalEvent: {
        type: 'complete',
        proposal_id: proposalId,
        result: summary,
      } satisfies WhatIfStreamMessage,
      results: summary,
    };
  }

  /** A run or apply that threw leaves its proposal failed, not pending forever. */
  async failed(task: TaskRow): Promise<void> {
    await this.proposals.fail(task.id);
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
