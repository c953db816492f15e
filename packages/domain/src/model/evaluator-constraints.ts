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
  /** A frozen job's slot holding its frozen value: two facts never conflict with each other. */
  isFact: boolean;
}

/**
 * Lists every violation of the six hard constraints of docs/optimization.md
 * in a solution. Jobs missing from `assignments` are read as empty. A pinned
 * slot is the rule-5 truth, so rule 6 (no coordinates, no assignment) does
 * not flag a slot that holds exactly its pin. A frozen job's slots must hold
 * exactly their frozen values; those values are facts, never judged
 * themselves, but a free slot that overlaps one is. Every solve runs it on its result,
 * so it makes no closure or array copy per slot.
 */
export function checkHardConstraints(
  instance: Instance,
  assignments: readonly JobAssignment[],
): HardViolation[] {
  const violations: HardViolation[] = [];
  const jobs = new Set(instance.jobs.map((j) => j.id));
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
    const hasCoordinates = hasUsableCoordinates(job);
    for (const slot of SLOTS) {
      const field = SLOT_FIELD[slot];
      const id = assignment?.[field] ?? null;
      const pinned = job[field];
      // Rule 5: a pinned slot keeps exactly its pinned value, and a frozen job every slot, empty too.
      if (job.frozen && id !== pinned)
        flag(violations, job, slot, `frozen as ${pinned ?? 'empty'} but holds ${id ?? 'nobody'}`);
      else if (pinned != null && id !== pinned)
        flag(violations, job, slot, `pinned to ${pinned} but holds ${id ?? 'nobody'}`);
      if (id == null) continue;
      // A frozen slot is history (it happened, or it is published): the rules judge
      // the slots around it, never the fact itself.
      const isFact = job.frozen === true && id === pinned;
      const key = `${slot === 'kit' ? 'kit' : 'physicist'}:${id}`;
      const list = placements.get(key);
      const placement = { job, slot, isFact };
      if (list) list.push(placement);
      else placements.set(key, [placement]);
      if (isFact) continue;
      if (!hasCoordinates && id !== pinned)
        flag(violations, job, slot, 'job has no usable coordinates');
      if (slot === 'kit') checkKit(kits.get(id), id, job, violations);
      else checkPhysicist(physicists.get(id), id, job, slot, violations);
    }
  }
  for (const [key, list] of placements) checkNoOverlap(key, list, violations);
  return violations;
}

const SLOTS = ['lead', 'data_acq', 'kit'] as const;

function flag(violations: HardViolation[], job: InstanceJob, slot: Slot, reason: string): void {
  violations.push({ job_id: job.id, slot, reason });
}

/** Rules 1 and 2: the slot's role, and no overlap with the physicist's unavailability. */
function checkPhysicist(
  physicist: Instance['physicists'][number] | undefined,
  id: string,
  job: InstanceJob,
  slot: 'lead' | 'data_acq',
  violations: HardViolation[],
): void {
  if (!physicist) return flag(violations, job, slot, `unknown physicist ${id}`);
  const role = SLOT_ROLE[slot];
  if (physicist.role !== role)
    flag(violations, job, slot, `${id} has role ${physicist.role}, slot needs ${role}`);
  for (const range of physicist.unavailable) {
    if (rangesOverlap(job.start, job.end, range.start, range.end)) {
      flag(violations, job, slot, `${id} is unavailable ${range.start}..${range.end}`);
    }
  }
}

/** Rule 4 (first half): a kit out for maintenance takes no job. */
function checkKit(
  kit: Instance['kits'][number] | undefined,
  id: string,
  job: InstanceJob,
  violations: HardViolation[],
): void {
  if (!kit) flag(violations, job, 'kit', `unknown kit ${id}`);
  else if (kit.is_out_for_maintenance)
    flag(violations, job, 'kit', `kit ${id} is out for maintenance`);
}

/**
 * Rules 3 and 4 (second half): a physicist or kit takes no two overlapping
 * jobs. Every overlapping pair is reported, on the later-starting job. A sweep
 * in start order keeps only the earlier jobs still running at the current
 * start: one that ended before it cannot overlap any job starting later.
 */
function checkNoOverlap(key: string, list: Placement[], violations: HardViolation[]): void {
  const sorted = [...list].sort((a, b) => compareText(a.job.start, b.job.start));
  const who = key.slice(key.indexOf(':') + 1);
  const running: Placement[] = [];
  for (const later of sorted) {
    let kept = 0;
    for (const earlier of running) {
      if (earlier.job.end < later.job.start) continue;
      running[kept++] = earlier;
      if (earlier.isFact && later.isFact) continue;
      if (rangesOverlap(earlier.job.start, earlier.job.end, later.job.start, later.job.end)) {
        // Reported on the slot that is not a fact, so the run that placed it is the one to blame.
        const blamed = later.isFact ? earlier : later;
        const other = later.isFact ? later : earlier;
        violations.push({
          job_id: blamed.job.id,
          slot: blamed.slot,
          reason: `${who} is also on overlapping job ${other.job.id}`,
        });
      }
    }
    running.length = kept;
    running.push(later);
  }
}

/** Code-unit order, which for YYYY-MM-DD dates is date order (and is what rangesOverlap compares by). */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
