import type { Run, SlotValue } from '@meridian/contracts';

/** A slot's holder in words; null is an empty slot. */
export const slotValue = (value: SlotValue | null) => (value === null ? 'nobody' : value.name);

/** What wrote the revision: the optimiser's algorithm, a kit assignment, an applied proposal, or an undo of another run. */
export function runKind(run: Run): string {
  if (run.kind === 'optimization') return `Optimization (${run.algorithm ?? 'unknown algorithm'})`;
  if (run.kind === 'kit_assignment') return 'Kit assignment';
  if (run.kind === 'correction')
    return `Correction of a past job: ${run.reason ?? 'no reason kept'}`;
  if (run.kind === 'swap') return `Swap approved: ${run.reason ?? 'no details kept'}`;
  // A what-if's proposal has no algorithm; a preview run's keeps the one it ran.
  if (run.kind === 'proposal')
    return run.algorithm === null ? 'What-if applied' : `Preview applied (${run.algorithm})`;
  return run.restored_run_id === null ? 'Undo' : `Undo of run #${run.restored_run_id}`;
}

/** "F 12.30 → 9.87", or only the after value for runs recorded before revisions. */
export const fChange = (run: Run) =>
  run.objective_before === null
    ? `F ${run.objective_after.total.toFixed(2)}`
    : `F ${run.objective_before.total.toFixed(2)} → ${run.objective_after.total.toFixed(2)}`;

/** What the run did in words; F's change for runs recorded before runs kept their headline. */
export const runHeadline = (run: Run) =>
  run.headline ??
  `${fChange(run)} · ${run.changed_slots} slot${run.changed_slots === 1 ? '' : 's'} changed`;

/** The run's finish time in the viewer's locale. */
export const finishedAt = (run: Run) =>
  new Date(run.finished_at).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
