import {
  checkHardConstraints,
  evaluateObjective,
  type JobAssignment,
  type Weights,
} from '@meridian/domain';
import { planChanges } from '@meridian/optimizer';
import type { ProposalResult } from './proposals.repository';
import type { BuiltInstance } from '../services/instance-builder';
import { currentPlan, planFingerprint } from './plan-fingerprint';
import { toProposalChanges } from './proposal-result';

/**
 * A preview run's result as a proposal against the plan as it is now:
 * pinned slots and frozen jobs from now, the run's physicians elsewhere, kits untouched (runs
 * assign physicians only). Null with the violations when the result no
 * longer fits the plan (someone changed it while the run ran).
 */
export function previewProposal(
  fresh: BuiltInstance,
  assignments: readonly JobAssignment[],
  weights: Weights,
):
  | { result: ProposalResult; after: JobAssignment[] }
  | { violations: ReturnType<typeof checkHardConstraints> } {
  const before = currentPlan(fresh);
  const proposed = new Map(assignments.map((a) => [a.job_id, a]));
  const after = fresh.instance.jobs.map((job, i) => {
    // A frozen job (past, or published outside the run's scope) stays as it is now.
    if (fresh.frozen.has(job.id)) return before[i]!;
    const a = proposed.get(job.id);
    return {
      job_id: job.id,
      lead_id: job.lead_id ?? a?.lead_id ?? null,
      data_acq_id: job.data_acq_id ?? a?.data_acq_id ?? null,
      kit_id: before[i]!.kit_id,
    };
  });
  const pinsOnly = after.map((a, i) => ({ ...a, kit_id: fresh.instance.jobs[i]!.kit_id }));
  const violations = checkHardConstraints(fresh.instance, pinsOnly);
  if (violations.length > 0) return { violations };
  const unfilled: ProposalResult['unfilled'] = [];
  for (const a of after) {
    if (a.lead_id === null) unfilled.push({ job_id: Number(a.job_id), slot: 'lead' });
    if (a.data_acq_id === null) unfilled.push({ job_id: Number(a.job_id), slot: 'data_acq' });
  }
  return {
    after,
    result: {
      changes: toProposalChanges(planChanges(fresh.instance, before, after)),
      unfilled,
      objectiveBefore: evaluateObjective(fresh.instance, before, weights),
      objectiveAfter: evaluateObjective(fresh.instance, after, weights),
      exact: null,
      planFingerprint: planFingerprint(fresh),
    },
  };
}
