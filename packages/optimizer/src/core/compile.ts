import {
  customerKey,
  dayNumber,
  fairShareTargets,
  hasUsableCoordinates,
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
  /** Pinned physicist per slot, -1 when free to optimise. */
  readonly pinned: Int32Array;
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

  const jobFirstDay = new Int32Array(J);
  const jobLastDay = new Int32Array(J);
  const jobCustomer = new Int32Array(J);
  const jobHasCoords = new Uint8Array(J);
  const customers = new Map<string, number>();
  for (let j = 0; j < J; j++) {
    const job = instance.jobs[j]!;
    jobFirstDay[j] = dayNumber(job.start) - horizon.first;
    jobLastDay[j] = dayNumber(job.end) - horizon.first;
    const key = customerKey(job.customer);
    let index = customers.get(key);
    if (index === undefined) customers.set(key, (index = customers.size));
    jobCustomer[j] = index;
    jobHasCoords[j] = hasUsableCoordinates(job) ? 1 : 0;
  }

  const physicistRole = new Uint8Array(P);
  const physicistIndex = new Map<string, number>();
  for (let p = 0; p < P; p++) {
    const physicist = instance.physicists[p]!;
    physicistRole[p] = physicist.role === 'lead' ? 0 : 1;
    physicistIndex.set(physicist.id, p);
  }
  const target = Float64Array.from(fairShareTargets(instance));

  const jobs = { jobFirstDay, jobLastDay, jobHasCoords };
  const locations = jobLocations(instance, jobHasCoords);
  const { distance, eligible } = compileDistanceAndEligibility(
    instance,
    horizon.first,
    horizonDays,
    jobs,
    locations,
  );
  const { candidates, candidateStart } = compileCandidates(
    J,
    P,
    physicistRole,
    distance,
    eligible,
    locations,
  );
  const { overlaps, overlapStart } = compileOverlaps(jobFirstDay, jobLastDay, horizonDays);

  const pinned = new Int32Array(2 * J).fill(-1);
  for (let j = 0; j < J; j++) {
    const job = instance.jobs[j]!;
    if (job.lead_id != null) pinned[2 * j] = physicistIndex.get(job.lead_id) ?? -1;
    if (job.data_acq_id != null) pinned[2 * j + 1] = physicistIndex.get(job.data_acq_id) ?? -1;
  }
  const open: number[] = [];
  for (let slot = 0; slot < 2 * J; slot++) {
    if (pinned[slot] === -1 && candidateStart[slot + 1]! > candidateStart[slot]!) open.push(slot);
  }

  return {
    instance,
    weights,
    jobCount: J,
    physicistCount: P,
    customerCount: customers.size,
    horizonDays,
    jobIds: instance.jobs.map((j) => j.id),
    physicistIds: instance.physicists.map((p) => p.id),
    jobFirstDay,
    jobLastDay,
    jobCustomer,
    jobHasCoords,
    physicistRole,
    target,
    distance,
    eligible,
    candidates,
    candidateStart,
    overlaps,
    overlapStart,
    pinned,
    openSlots: Int32Array.from(open),
  };
}
