import type { RepairChange, RepairResult } from '@meridian/optimizer';
import type { ProposalResult } from './proposals.repository';

/** Instance ids are the database's integer ids as text. */
const id = (text: string | null): number | null => (text === null ? null : Number(text));

/** The optimizer's changes in the API's terms (integer ids). */
export const toProposalChanges = (changes: readonly RepairChange[]): ProposalResult['changes'] =>
  changes.map((c) => ({
    job_id: Number(c.job_id),
    slot: c.slot,
    before: id(c.before),
    after: id(c.after),
    locked: c.locked,
  }));

/** A repair as a proposal's stored result. */
export function toProposalResult(repair: RepairResult, planFingerprint: string): ProposalResult {
  return {
    changes: toProposalChanges(repair.changes),
    unfilled: repair.unfilled.map((u) => ({ job_id: Number(u.job_id), slot: u.slot })),
    objectiveBefore: repair.objective_before,
    objectiveAfter: repair.objective_after,
    exact: repair.exact,
    planFingerprint,
  };
}
