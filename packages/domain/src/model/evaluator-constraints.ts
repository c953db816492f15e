import { rangesOverlap } from '../dates';
import { firstPerJob, hasUsableCoordinates } from './evaluator-shared';
import type { Instance, InstanceJob, JobAssignment } from './instance';

/** One broken hard constraint, attached to the job and slot that break it. */
export interface HardViolation {
  job_id: string;
  slot: 'lead' | 'data_acq' | 'kit';
  reason: string;
}

type Slot = HardViolation['slot'];
const SLOT_FIELD = { lead: 'lead_id', data_acq: 'data_acq_id', kit: 'kit_id' } as const;
const SLOT_ROLE = { lead: 'lead', data_acq: 'dataacq' } as const;

interface Placement {
  job: InstanceJob;
  slot: Slot;
}

/**
 * Lists every violation of the six hard constraints of OPTIMIZATION.md in a
 * solution. Jobs missing from `assignments` are read as empty. A pinned slot
 * is the rule-5 truth, so rule 6 (no coordinates, no assignment) does not
 * flag a slot that holds exactly its pin.
 */
export function checkHardConstraints(
  instance: Instance,
  assignments: readonly JobAssignment[],
): HardViolation[] {
  const violations: HardViolation[] = [];
  const jobs = new Map(instance.jobs.map((j) => [j.id, j]));
  const seen = new Set<string>();
  for (const a of assignments) {
    if (!jobs.has(a.job_id))
      violations.push({ job_id: a.job_id, slot: 'lead', reason: 'unknown job' });
    else if (seen.has(a.job_id))
      violations.push({ job_id: a.job_id, slot: 'lead', reason: 'job assigned twice' });
    seen.add(a.job_id);
  }
  const byJob = firstPerJob(assignments);
  const physicists = new Map(instance.physicists.map((p) => [p.id, p]));
  const kits = new Map(instance.kits.map((k) => [k.id, k]));
  const placements = new Map<string, Placement[]>();

  for (const job of instance.jobs) {
    const assignment = byJob.get(job.id);
    for (const slot of ['lead', 'data_acq', 'kit'] as const) {
      const id = assignment?.[SLOT_FIELD[slot]] ?? null;
      const pinned = job[SLOT_FIELD[slot]];
      const flag = (reason: string) => violations.push({ job_id: job.id, slot, reason });
      checkPinned(pinned, id, flag);
      if (id == null) continue;
      if (!hasUsableCoordinates(job) && id !== pinned) flag('job has no usable coordinates');
      if (slot === 'kit') checkKit(kits.get(id), id, flag);
      else checkPhysicist(physicists.get(id), id, job, SLOT_ROLE[slot], flag);
      const key = `${slot === 'kit' ? 'kit' : 'physicist'}:${id}`;
      placements.set(key, [...(placements.get(key) ?? []), { job, slot }]);
    }
  }
  for (const [key, list] of placements) checkNoOverlap(key, list, violations);
  return violations;
}

/** Rule 5: a pinned slot keeps exactly its pinned value. */
function checkPinned(pinned: string | null, id: string | null, flag: (r: string) => void): void {
  if (pinned != null && id !== pinned) flag(`pinned to ${pinned} but holds ${id ?? 'nobody'}`);
}

/** Rules 1 and 2: the slot's role, and no overlap with the physicist's unavailability. */
function checkPhysicist(
  physicist: Instance['physicists'][number] | undefined,
  id: string,
  job: InstanceJob,
  role: 'lead' | 'dataacq',
  flag: (r: string) => void,
): void {
  if (!physicist) return flag(`unknown physicist ${id}`);
  if (physicist.role !== role) flag(`${id} has role ${physicist.role}, slot needs ${role}`);
  for (const range of physicist.unavailable) {
    if (rangesOverlap(job.start, job.end, range.start, range.end)) {
      flag(`${id} is unavailable ${range.start}..${range.end}`);
    }
  }
}

/** Rule 4 (first half): a kit out for maintenance takes no job. */
function checkKit(
  kit: Instance['kits'][number] | undefined,
  id: string,
  flag: (r: string) => void,
): void {
  if (!kit) flag(`unknown kit ${id}`);
  else if (kit.is_out_for_maintenance) flag(`kit ${id} is out for maintenance`);
}

/** Rules 3 and 4 (second half): a physicist or kit takes no two overlapping jobs. */
function checkNoOverlap(key: string, list: Placement[], violations: HardViolation[]): void {
  const sorted = [...list].sort((a, b) => a.job.start.localeCompare(b.job.start));
  const who = key.slice(key.indexOf(':') + 1);
  for (let i = 1; i < sorted.length; i++) {
    const later = sorted[i]!;
    for (let k = 0; k < i; k++) {
      const earlier = sorted[k]!;
      if (rangesOverlap(earlier.job.start, earlier.job.end, later.job.start, later.job.end)) {
        violations.push({
          job_id: later.job.id,
          slot: later.slot,
          reason: `${who} is also on overlapping job ${earlier.job.id}`,
        });
      }
    }
  }
}
