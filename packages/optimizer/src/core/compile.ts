import {
  avoidedDayCounter,
  hasPreferences,
  preferenceWeight,
  stabilityWeight,
  customerKey,
  dayNumber,
  fairShareTargets,
  hasUsableCoordinates,
  plannedHolder,
  planningHorizon,
} from '@meridian/domain';
import type { Instance, Weights } from '@meridian/domain';
import {
  compileCandidates,
  compileDistanceAndEligibility,
  compileOverlaps,
  jobLocations,
} from './compile-tables';

/**
 * An Instance compiled once into typed arrays that every algorithm shares.
 *
 * Slots are numbered `slot = 2 * job + role` with role 0 = lead, 1 = data-acq,
 * so one Int32Array of length 2J holds a whole solution (-1 = empty).
 * Day numbers are relative to the horizon start (day 0 = earliest job start).
 */
export interface CompiledInstance {
  readonly instance: Instance;
  readonly weights: Weights;
  /** Number of jobs, physicists, distinct customers, horizon days. */
  readonly jobCount: number;
  readonly physicistCount: number;
  readonly customerCount: number;
  readonly horizonDays: number;
  readonly jobIds: readonly string[];
  readonly physicistIds: readonly string[];
  /** Per job: first and last day (inclusive, horizon-relative), customer index, 1 if usable coordinates. */
  readonly jobFirstDay: Int32Array;
  readonly jobLastDay: Int32Array;
  readonly jobCustomer: Int32Array;
  readonly jobHasCoords: Uint8Array;
  /** Per physicist: role (0 lead, 1 data-acq) and fair-share target t_p. */
  readonly physicistRole: Uint8Array;
  readonly target: Float64Array;
  /** Miles from physicist p's home to job j at [j * P + p] (0 where the job has no coordinates). */
  readonly distance: Float64Array;
  /** 1 at [j * P + p] when p may take j's slot of p's role (role, availability, coordinates). */
  readonly eligible: Uint8Array;
  /** Eligible physicists of a slot, nearest first: candidates.subarray(candidateStart[s], candidateStart[s + 1]). */
  readonly candidates: Int32Array;
  readonly candidateStart: Int32Array;
  /** Other jobs whose date ranges overlap job j: overlaps.subarray(overlapStart[j], overlapStart[j + 1]). */
  readonly overlaps: Int32Array;
  readonly overlapStart: Int32Array;
  /**
   * Pinned physicist per slot, -1 when free to optimise. A frozen job's
   * filled slots are pinned; its empty ones have no candidate and nobody is
   * eligible for the job, so no method can fill them.
   */
  readonly pinned: Int32Array;
  /** 1 per frozen job (a fact: past, or published outside the run's scope). */
  readonly jobFrozen: Uint8Array;
  /** The current plan x0: physicist per slot before the run, -1 where it was empty. */
  readonly planned: Int32Array;
  /** Slots x0 filled: S when every one of them is changed. */
  readonly plannedCount: number;
  /** Job days of job j on days p asked to avoid, at [j * P + p]; null when nobody asked. */
  readonly avoidedDays: Uint16Array | null;
  /**
   * What F' adds beyond F's miles when physicist p holds job j's slot of p's
   * role, at [j * P + p]: preference x avoided days, less the stability
   * weight when p held that slot in x0 (keeping a planned slot saves what
   * changing it costs; S's constant, stability x plannedCount, is paid by the
   * empty plan). Null when there is no current plan and no preference, so
   * F's own arithmetic runs unchanged.
   */
  readonly stabilityAndPreferenceCost: Float64Array | null;
  /** Slots an algorithm may change: not pinned and with at least one candidate. */
  readonly openSlots: Int32Array;
}

/** The candidates of a slot, nearest first (a view, do not mutate). */
export const slotCandidates = (c: CompiledInstance, slot: number): Int32Array =>
  c.candidates.subarray(c.candidateStart[slot], c.candidateStart[slot + 1]);

/** The jobs overlapping job j (a view, do not mutate). */
export const jobOverlaps = (c: CompiledInstance, job: number): Int32Array =>
  c.overlaps.subarray(c.overlapStart[job], c.overlapStart[job + 1]);

/**
 * Compiles an instance (assumed valid: see validateInstance) with the given
 * weights. Runs at the start of every solve, so its tables are built with
 * flat loops over typed arrays (compile-tables.ts).
 */
export function compileInstance(
  instance: Instance,
  weights: Weights = instance.weights,
): CompiledInstance {
  const J = instance.jobs.length;
  const P = instance.physicists.length;
  const horizon = planningHorizon(instance) ?? { first: 0, last: 0 };
  const horizonDays = horizon.last - horizon.first + 1;

  const jobs = compileJobs(instance, horizon.first);
  const { physicistRole, physicistIndex } = compilePhysicists(instance);
  const target = Float64Array.from(fairShareTargets(instance));
  const locations = jobLocations(instance, jobs.jobHasCoords);
  const { distance, eligible } = compileDistanceAndEligibility(
    instance,
    horizon.first,
    horizonDays,
    jobs,
    locations,
  );
  // Nobody may take a frozen job's free slots (its filled ones are pinned and placed as facts).
  for (let j = 0; j < J; j++) {
    if (instance.jobs[j]!.frozen) eligible.fill(0, j * P, j * P + P);
  }
  const { candidates, candidateStart } = compileCandidates(
    J,
    P,
    physicistRole,
    distance,
    eligible,
    locations,
  );
  const { overlaps, overlapStart } = compileOverlaps(
    jobs.jobFirstDay,
    jobs.jobLastDay,
    horizonDays,
  );
  const pins = compilePins(instance, physicistIndex);
  const avoidedDays = compileAvoidedDays(instance);
  const stabilityAndPreferenceCost = compileStabilityAndPreferenceCost(
    weights,
    J,
    avoidedDays,
    pins.planned,
    physicistRole,
  );
  return {
    instance,
    weights,
    jobCount: J,
    physicistCount: P,
    horizonDays,
    jobIds: instance.jobs.map((j) => j.id),
    physicistIds: instance.physicists.map((p) => p.id),
    ...jobs,
    physicistRole,
    target,
    distance,
    eligible,
    candidates,
    candidateStart,
    overlaps,
    overlapStart,
    ...pins,
    avoidedDays,
    stabilityAndPreferenceCost,
    openSlots: openSlots(pins.pinned, candidateStart),
  };
}

/** The slots open to the search: not pinned, with at least one candidate. */
function openSlots(pinned: Int32Array, candidateStart: Int32Array): Int32Array {
  const open: number[] = [];
  for (let slot = 0; slot < pinned.length; slot++) {
    if (pinned[slot] === -1 && candidateStart[slot + 1]! > candidateStart[slot]!) open.push(slot);
  }
  return Int32Array.from(open);
}

/** Each job's days (from the horizon's first), customer number and whether it has coordinates. */
function compileJobs(instance: Instance, firstDay: number) {
  const J = instance.jobs.length;
  const jobFirstDay = new Int32Array(J);
  const jobLastDay = new Int32Array(J);
  const jobCustomer = new Int32Array(J);
  const jobHasCoords = new Uint8Array(J);
  const customers = new Map<string, number>();
  for (let j = 0; j < J; j++) {
    const job = instance.jobs[j]!;
    jobFirstDay[j] = dayNumber(job.start) - firstDay;
    jobLastDay[j] = dayNumber(job.end) - firstDay;
    const key = customerKey(job.customer);
    let index = customers.get(key);
    if (index === undefined) customers.set(key, (index = customers.size));
    jobCustomer[j] = index;
    jobHasCoords[j] = hasUsableCoordinates(job) ? 1 : 0;
  }
  return { jobFirstDay, jobLastDay, jobCustomer, jobHasCoords, customerCount: customers.size };
}

/** Each physicist's role (0 lead, 1 data acquisition), and their index by id. */
function compilePhysicists(instance: Instance) {
  const P = instance.physicists.length;
  const physicistRole = new Uint8Array(P);
  const physicistIndex = new Map<string, number>();
  for (let p = 0; p < P; p++) {
    const physicist = instance.physicists[p]!;
    physicistRole[p] = physicist.role === 'lead' ? 0 : 1;
    physicistIndex.set(physicist.id, p);
  }
  return { physicistRole, physicistIndex };
}

/** The pinned physicist of each slot, the frozen jobs, and each slot's planned physicist (-1: none). */
function compilePins(instance: Instance, physicistIndex: ReadonlyMap<string, number>) {
  const J = instance.jobs.length;
  const pinned = new Int32Array(2 * J).fill(-1);
  const jobFrozen = new Uint8Array(J);
  const planned = new Int32Array(2 * J).fill(-1);
  let plannedCount = 0;
  for (let j = 0; j < J; j++) {
    const job = instance.jobs[j]!;
    if (job.lead_id != null) pinned[2 * j] = physicistIndex.get(job.lead_id) ?? -1;
    if (job.data_acq_id != null) pinned[2 * j + 1] = physicistIndex.get(job.data_acq_id) ?? -1;
    for (const role of [0, 1] as const) {
      const id = plannedHolder(job, role);
      const p = id === null ? undefined : physicistIndex.get(id);
      if (p === undefined) continue;
      planned[2 * j + role] = p;
      plannedCount++;
    }
    if (job.frozen) jobFrozen[j] = 1;
  }
  return { pinned, jobFrozen, planned, plannedCount };
}

/** Avoided days per (job, physicist), or null when no physicist stated a preference. */
function compileAvoidedDays(instance: Instance): Uint16Array | null {
  const P = instance.physicists.length;
  const asking: number[] = [];
  instance.physicists.forEach((p, i) => {
    if (hasPreferences(p)) asking.push(i);
  });
  if (asking.length === 0) return null;
  const count = avoidedDayCounter(instance);
  const table = new Uint16Array(instance.jobs.length * P);
  instance.jobs.forEach((job, j) => {
    for (const p of asking) table[j * P + p] = Math.min(0xffff, count(p, job));
  });
  return table;
}

/** stabilityAndPreferenceCost of CompiledInstance: avoided days, and the stability kept (null when neither applies). */
function compileStabilityAndPreferenceCost(
  weights: Weights,
  jobCount: number,
  avoidedDays: Uint16Array | null,
  planned: Int32Array,
  physicistRole: Uint8Array,
): Float64Array | null {
  const P = physicistRole.length;
  const hasPlan = planned.some((p) => p >= 0);
  if (!avoidedDays && !hasPlan) return null;
  const cost = new Float64Array(jobCount * P);
  if (avoidedDays) {
    const wPreference = preferenceWeight(weights);
    for (let i = 0; i < cost.length; i++) cost[i] = wPreference * avoidedDays[i]!;
  }
  const wStability = stabilityWeight(weights);
  for (let slot = 0; slot < planned.length; slot++) {
    const p = planned[slot]!;
    if (p >= 0 && physicistRole[p] === (slot & 1)) cost[(slot >> 1) * P + p]! -= wStability;
  }
  return cost;
}
