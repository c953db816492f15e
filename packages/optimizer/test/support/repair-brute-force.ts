import { checkHardConstraints, evaluateObjective, rangesOverlap } from '@meridian/domain';
import type { Instance, JobAssignment } from '@meridian/domain';
import { supposedInstance } from '../../src/repair/model';
import type { Absence } from '../../src/repair/types';

/** The lexicographic key of a repair, measured from scratch. */
export interface BruteKey {
  unfilled: number;
  locked: number;
  changes: number;
  total: number;
}

const FIELDS = ['lead_id', 'data_acq_id', 'kit_id'] as const;

/**
 * The smallest repair by enumeration: every plan that differs from `current`
 * only in slots filled today (slots empty today stay empty), kept when the
 * domain's hard-constraint checker accepts it in the supposed world (pins may
 * break, at a price) and the absent kit takes no job in the window. Ranked by
 * unfilled, broken pins, changed slots, then the evaluator's F. Independent of
 * the repair's search: it knows nothing of chains.
 */
export function bruteForceRepair(
  instance: Instance,
  current: JobAssignment[],
  absence: Absence,
): BruteKey {
  const supposed = supposedInstance(instance, absence);
  const domains: (string | null)[][] = [];
  instance.jobs.forEach((job, j) =>
    FIELDS.forEach((field) => {
      const now = current[j]![field];
      if (now == null) return domains.push([null]);
      const kitSlot = field === 'kit_id';
      // Only the absent one's kind of slot can need a change.
      if (kitSlot !== (absence.kind === 'kit')) return domains.push([now]);
      const pool = kitSlot
        ? instance.kits.map((k) => k.id)
        : instance.physicists
            .filter((p) => p.role === (field === 'lead_id' ? 'lead' : 'dataacq'))
            .map((p) => p.id);
      domains.push([null, ...pool]);
    }),
  );
  let best: BruteKey | null = null;
  const choice = new Array<string | null>(domains.length).fill(null);
  const visit = (i: number): void => {
    if (i < domains.length) {
      for (const v of domains[i]!) {
        choice[i] = v;
        visit(i + 1);
      }
      return;
    }
    const plan = instance.jobs.map((job, j) => ({
      job_id: job.id,
      lead_id: choice[3 * j]!,
      data_acq_id: choice[3 * j + 1]!,
      kit_id: choice[3 * j + 2]!,
    }));
    const broken = checkHardConstraints(supposed, plan).filter(
      (v) => !v.reason.startsWith('pinned to'),
    );
    if (broken.length > 0) return;
    if (absence.kind === 'kit') {
      const busy = instance.jobs.some(
        (job, j) =>
          plan[j]!.kit_id === absence.id &&
          rangesOverlap(job.start, job.end, absence.start, absence.end),
      );
      if (busy) return;
    }
    const key: BruteKey = { unfilled: 0, locked: 0, changes: 0, total: 0 };
    instance.jobs.forEach((job, j) =>
      FIELDS.forEach((field) => {
        const before = current[j]![field];
        const after = plan[j]![field];
        if (before === after) return;
        key.changes++;
        if (after == null) key.unfilled++;
        if (job[field] != null) key.locked++;
      }),
    );
    key.total = evaluateObjective(supposed, plan).total;
    if (!best || better(key, best)) best = key;
  };
  visit(0);
  return best!;
}

function better(a: BruteKey, b: BruteKey): boolean {
  if (a.unfilled !== b.unfilled) return a.unfilled < b.unfilled;
  if (a.locked !== b.locked) return a.locked < b.locked;
  if (a.changes !== b.changes) return a.changes < b.changes;
  return a.total < b.total - 1e-9;
}
