import {
  customerKey,
  dayNumber,
  fairShareTargets,
  hasUsableCoordinates,
  haversineMiles,
  planningHorizon,
} from '@meridian/domain';
import type { Instance, Weights } from '@meridian/domain';

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

/** Compiles an instance (assumed valid: see validateInstance) with the given weights. */
export function compileInstance(
  instance: Instance,
  weights: Weights = instance.weights,
): CompiledInstance {
  const J = instance.jobs.length;
  const P = instance.physicists.length;
  const horizon = planningHorizon(instance) ?? { first: 0, last: 0 };
  const physicistIndex = new Map(instance.physicists.map((p, i) => [p.id, i]));

  const jobFirstDay = new Int32Array(J);
  const jobLastDay = new Int32Array(J);
  const jobCustomer = new Int32Array(J);
  const jobHasCoords = new Uint8Array(J);
  const customers = new Map<string, number>();
  instance.jobs.forEach((job, j) => {
    jobFirstDay[j] = dayNumber(job.start) - horizon.first;
    jobLastDay[j] = dayNumber(job.end) - horizon.first;
    const key = customerKey(job.customer);
    if (!customers.has(key)) customers.set(key, customers.size);
    jobCustomer[j] = customers.get(key)!;
    jobHasCoords[j] = hasUsableCoordinates(job) ? 1 : 0;
  });

  const physicistRole = new Uint8Array(P);
  instance.physicists.forEach((p, i) => (physicistRole[i] = p.role === 'lead' ? 0 : 1));
  const target = Float64Array.from(fairShareTargets(instance));

  const distance = new Float64Array(J * P);
  const eligible = new Uint8Array(J * P);
  const leave = instance.physicists.map((p) =>
    p.unavailable.map((r) => [
      dayNumber(r.start) - horizon.first,
      dayNumber(r.end) - horizon.first,
    ]),
  );
  for (let j = 0; j < J; j++) {
    if (!jobHasCoords[j]) continue;
    const job = instance.jobs[j]!;
    for (let i = 0; i < P; i++) {
      const p = instance.physicists[i]!;
      // Same argument order as the evaluator, so the miles are bit-identical.
      distance[j * P + i] = haversineMiles(p.lat, p.lon, job.lat!, job.lon!);
      const away = leave[i]!.some(
        ([from, to]) => from! <= jobLastDay[j]! && jobFirstDay[j]! <= to!,
      );
      eligible[j * P + i] = away ? 0 : 1;
    }
  }

  const candidateStart = new Int32Array(2 * J + 1);
  const candidateList: number[] = [];
  for (let slot = 0; slot < 2 * J; slot++) {
    const j = slot >> 1;
    const list: number[] = [];
    for (let p = 0; p < P; p++) {
      if (eligible[j * P + p] && physicistRole[p] === (slot & 1)) list.push(p);
    }
    list.sort((a, b) => distance[j * P + a]! - distance[j * P + b]! || a - b);
    candidateList.push(...list);
    candidateStart[slot + 1] = candidateList.length;
  }

  const { overlaps, overlapStart } = compileOverlaps(jobFirstDay, jobLastDay);

  const pinned = new Int32Array(2 * J).fill(-1);
  instance.jobs.forEach((job, j) => {
    if (job.lead_id != null) pinned[2 * j] = physicistIndex.get(job.lead_id) ?? -1;
    if (job.data_acq_id != null) pinned[2 * j + 1] = physicistIndex.get(job.data_acq_id) ?? -1;
  });
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
    horizonDays: horizon.last - horizon.first + 1,
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
    candidates: Int32Array.from(candidateList),
    candidateStart,
    overlaps: compileOverlapsFlat(overlaps),
    overlapStart,
    pinned,
    openSlots: Int32Array.from(open),
  };
}

/** Overlap lists by a sweep over jobs sorted by first day (O(J log J + overlaps)). */
function compileOverlaps(first: Int32Array, last: Int32Array) {
  const J = first.length;
  const order = Array.from({ length: J }, (_, j) => j).sort((a, b) => first[a]! - first[b]!);
  const lists: number[][] = Array.from({ length: J }, () => []);
  for (let i = 0; i < J; i++) {
    const a = order[i]!;
    for (let k = i + 1; k < J && first[order[k]!]! <= last[a]!; k++) {
      const b = order[k]!;
      lists[a]!.push(b);
      lists[b]!.push(a);
    }
  }
  const overlapStart = new Int32Array(J + 1);
  lists.forEach((list, j) => {
    list.sort((x, y) => x - y);
    overlapStart[j + 1] = overlapStart[j]! + list.length;
  });
  return { overlaps: lists, overlapStart };
}

function compileOverlapsFlat(lists: number[][]): Int32Array {
  return Int32Array.from(lists.flat());
}
