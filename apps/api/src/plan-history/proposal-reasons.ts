import type { ProposalChange } from '@meridian/contracts';
import type { StoredAbsence } from './proposals.repository';
import type { BuiltInstance } from '../services/instance-builder';
import { reasonAfterRun } from './reason-text';

/** The rationale an applied proposal leaves in the reasons of the jobs it changed. */
export function proposalLabel(
  source: string,
  absence: StoredAbsence | null,
  algorithm: string | null,
  date: string,
): string {
  if (source === 'what_if' && absence !== null)
    return `Repaired by a what-if (${absence.name} out ${absence.start} to ${absence.end}), applied on ${date}`;
  return `Assigned by a preview run (${algorithm ?? 'unknown algorithm'}), applied on ${date}`;
}

/**
 * The reason text of every job whose lead or data acquisition a proposal
 * changes, by job id: the names and miles of the new holders (a reason that
 * still named the old lead would explain a plan that no longer exists).
 * Kits are not part of the reason, so kit-only changes keep theirs.
 */
export function proposalReasons(
  built: BuiltInstance,
  changes: readonly ProposalChange[],
  label: string,
): Map<number, string> {
  const reasons = new Map<number, string>();
  const byJob = new Map<number, ProposalChange[]>();
  for (const c of changes) {
    if (c.slot !== 'kit') byJob.set(c.job_id, [...(byJob.get(c.job_id) ?? []), c]);
  }
  const text = (v: number | null) => (v === null ? null : String(v));
  for (const [jobId, jobChanges] of byJob) {
    const job = built.jobs.get(String(jobId));
    if (!job) continue;
    const lead = jobChanges.find((c) => c.slot === 'lead');
    const acq = jobChanges.find((c) => c.slot === 'data_acq');
    const assignment = {
      job_id: String(jobId),
      lead_id: text(lead ? lead.after : job.assigned_lead_id),
      data_acq_id: text(acq ? acq.after : job.assigned_data_acq_id),
      kit_id: text(job.assigned_kit_id),
    };
    // A lock the proposal breaks is gone after the write: the reason must not call it kept.
    const after = {
      ...job,
      lead_pinned: job.lead_pinned && !lead?.locked,
      data_acq_pinned: job.data_acq_pinned && !acq?.locked,
    };
    reasons.set(jobId, reasonAfterRun(after, assignment, built, label));
  }
  return reasons;
}
