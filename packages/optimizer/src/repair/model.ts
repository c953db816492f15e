import {
  avoidedDayCounter,
  customerKey,
  dayNumber,
  fairShareTargets,
  firstPerJob,
  hasPreferences,
  hasUsableCoordinates,
  haversineMiles,
  isRealDate,
} from '@meridian/domain';
import type { Instance, JobAssignment } from '@meridian/domain';
import type { Absence, RepairSlotName } from './types';

/** Bad input to the repair: an unknown id or an impossible date range. */
export class RepairInputError extends Error {
  override readonly name = 'RepairInputError';
}

const SLOT_FIELD = { lead: 'lead_id', data_acq: 'data_acq_id', kit: 'kit_id' } as const;
const SLOT_NAMES: readonly RepairSlotName[] = ['lead', 'data_acq', 'kit'];

/** One slot of the plan as the search sees it. */
export interface ModelSlot {
  job: number;
  name: RepairSlotName;
  /** Resource index holding it in the current plan, or -1. */
  original: number;
  pinned: boolean;
  /** A frozen job's slot (in the past): a fact the repair never changes, nor frees its holder from. */
  frozen: boolean;
  /** Resources that may take it in the supposed world (role, leave, maintenance, coordinates). */
  pool: number[];
}

/**
 * The repair problem: resources are physicists (indices 0..P-1, as in the
 * instance) then kits; slots are every job's three slots. `supposed` is the
 * instance with the absence added, the world every number is measured in.
 */
export interface RepairModel {
  supposed: Instance;
  plan: JobAssignment[];
  slots: ModelSlot[];
  resourceIds: string[];
  physicistCount: number;
  jobStart: Int32Array;
  jobEnd: Int32Array;
  jobCustomer: Int32Array;
  customerCount: number;
  /** Miles from physicist p to job j at p * jobs + j (0 without coordinates). */
  miles: Float64Array;
  targets: number[];
  /** Slots the absence takes away from their holder. */
  forced: number[];
  /** Job days of physicist p on job j that p asked to avoid, at p * jobs + j (null: nobody asked). */
  avoided: Uint16Array | null;
}

/** Builds the model; throws RepairInputError naming the problem. */
export function buildRepairModel(
  instance: Instance,
  current: readonly JobAssignment[],
  absence: Absence,
): RepairModel {
  checkDates(absence);
  const supposed = supposedInstance(instance, absence);
  const plan = planOfEveryJob(instance, current);
  const physicistCount = instance.physicists.length;
  const resourceIds = [...instance.physicists.map((p) => p.id), ...instance.kits.map((k) => k.id)];
  const resourceIndex = new Map<string, number>();
  instance.physicists.forEach((p, i) => resourceIndex.set(`physicist:${p.id}`, i));
  instance.kits.forEach((k, i) => resourceIndex.set(`kit:${k.id}`, physicistCount + i));
  const absent = resourceIndex.get(`${absence.kind}:${absence.id}`);
  if (absent === undefined) throw new RepairInputError(`unknown ${absence.kind} ${absence.id}`);
  const jobs = jobTables(supposed);
  const { slots, forced } = modelSlots(supposed, plan, jobs, resourceIndex, absent, absence);
  return {
    supposed,
    plan,
    slots,
    resourceIds,
    physicistCount,
    ...jobs,
    miles: physicistMiles(supposed),
    targets: fairShareTargets(supposed),
    forced,
    avoided: avoidedTable(supposed),
  };
}

function checkDates(absence: Absence): void {
  if (!isRealDate(absence.start))
    throw new RepairInputError(`start ${absence.start} is not a real date`);
  if (!isRealDate(absence.end)) throw new RepairInputError(`end ${absence.end} is not a real date`);
  if (absence.end < absence.start)
    throw new RepairInputError(`end ${absence.end} is before start ${absence.start}`);
}

/** The current plan with one row per job of the instance, in its order (empty where it has none). */
function planOfEveryJob(instance: Instance, current: readonly JobAssignment[]): JobAssignment[] {
  const byJob = firstPerJob(current);
  return instance.jobs.map((job) => {
    const a = byJob.get(job.id);
    return {
      job_id: job.id,
      lead_id: a?.lead_id ?? null,
      data_acq_id: a?.data_acq_id ?? null,
      kit_id: a?.kit_id ?? null,
    };
  });
}

/** Each job's first and last day numbers and customer number. */
function jobTables(supposed: Instance) {
  const jobs = supposed.jobs;
  const customers = new Map<string, number>();
  const jobCustomer = Int32Array.from(jobs, (j) => {
    const key = customerKey(j.customer);
    if (!customers.has(key)) customers.set(key, customers.size);
    return customers.get(key)!;
  });
  return {
    jobStart: Int32Array.from(jobs, (j) => dayNumber(j.start)),
    jobEnd: Int32Array.from(jobs, (j) => dayNumber(j.end)),
    jobCustomer,
    customerCount: customers.size,
  };
}

/** Miles from physicist p to job j at p * jobs + j (0 without coordinates). */
function physicistMiles(supposed: Instance): Float64Array {
  const jobs = supposed.jobs;
  const miles = new Float64Array(supposed.physicists.length * jobs.length);
  supposed.physicists.forEach((p, pi) =>
    jobs.forEach((j, ji) => {
      if (hasUsableCoordinates(j))
        miles[pi * jobs.length + ji] = haversineMiles(p.lat, p.lon, j.lat!, j.lon!);
    }),
  );
  return miles;
}

/**
 * Every job's three slots, each with its holder and the pool that may take
 * it in the supposed world; `forced` lists the slots the absence takes from
 * their holder.
 */
function modelSlots(
  supposed: Instance,
  plan: readonly JobAssignment[],
  { jobStart, jobEnd }: { jobStart: Int32Array; jobEnd: Int32Array },
  resourceIndex: ReadonlyMap<string, number>,
  absent: number,
  absence: Absence,
): { slots: ModelSlot[]; forced: number[] } {
  const physicistCount = supposed.physicists.length;
  const from = dayNumber(absence.start);
  const to = dayNumber(absence.end);
  const away = supposed.physicists.map((p) =>
    p.unavailable.map((r) => [dayNumber(r.start), dayNumber(r.end)] as const),
  );
  const kitFree = (k: number, ji: number): boolean =>
    !supposed.kits[k]!.is_out_for_maintenance &&
    !(physicistCount + k === absent && jobStart[ji]! <= to && from <= jobEnd[ji]!);
  const physicistFree = (p: number, ji: number): boolean =>
    away[p]!.every(([s, e]) => jobEnd[ji]! < s || e < jobStart[ji]!);
  const slots: ModelSlot[] = [];
  const forced: number[] = [];
  supposed.jobs.forEach((job, ji) => {
    const usable = hasUsableCoordinates(job) && job.frozen !== true;
    for (const name of SLOT_NAMES) {
      const held = plan[ji]![SLOT_FIELD[name]];
      const key = `${name === 'kit' ? 'kit' : 'physicist'}:${held}`;
      const original = held == null ? -1 : (resourceIndex.get(key) ?? -1);
      const pool: number[] = [];
      if (usable && name === 'kit') {
        supposed.kits.forEach((_, k) => kitFree(k, ji) && pool.push(physicistCount + k));
      } else if (usable) {
        const role = name === 'lead' ? 'lead' : 'dataacq';
        supposed.physicists.forEach(
          (p, pi) => p.role === role && physicistFree(pi, ji) && pool.push(pi),
        );
      }
      const frozen = job.frozen === true;
      // The past happened: an absence there is recorded, never repaired.
      if (!frozen && original === absent && jobStart[ji]! <= to && from <= jobEnd[ji]!)
        forced.push(slots.length);
      slots.push({ job: ji, name, original, pinned: job[SLOT_FIELD[name]] != null, frozen, pool });
    }
  });
  return { slots, forced };
}

/** The avoided days per (physicist, job), or null when no physicist stated a preference. */
function avoidedTable(instance: Instance): Uint16Array | null {
  if (!instance.physicists.some(hasPreferences)) return null;
  const count = avoidedDayCounter(instance);
  const J = instance.jobs.length;
  const table = new Uint16Array(instance.physicists.length * J);
  instance.physicists.forEach((_, p) =>
    instance.jobs.forEach((job, j) => (table[p * J + j] = Math.min(0xffff, count(p, job)))),
  );
  return table;
}

/** The instance with the absence added: a physicist's extra unavailability (a kit's is kept in the model). */
export function supposedInstance(instance: Instance, absence: Absence): Instance {
  if (absence.kind === 'kit') return instance;
  return {
    ...instance,
    physicists: instance.physicists.map((p) =>
      p.id === absence.id
        ? { ...p, unavailable: [...p.unavailable, { start: absence.start, end: absence.end }] }
        : p,
    ),
  };
}
