import { dayNumber, haversineMilesWithCos, latitudeCos } from '@meridian/domain';
import type { Instance } from '@meridian/domain';
import { sortByKey } from './sort-by-key';

/**
 * The large tables of compileInstance. Every solve starts by building them
 * (a thread per run, so usually with cold code), hence flat loops over typed
 * arrays, no closure per pair and no per-slot arrays.
 */

interface JobDays {
  readonly jobFirstDay: Int32Array;
  readonly jobLastDay: Int32Array;
  readonly jobHasCoords: Uint8Array;
}

/**
 * Miles at [j * P + p] (0 where the job has no coordinates) and eligibility
 * (coordinates usable and no leave day on the job's days). The cosines of the
 * latitudes are computed once per point, with the evaluator's formula, so the
 * miles are bit-identical to haversineMiles. A leave check is O(1): a prefix
 * count of each physicist's leave days over the horizon.
 */
export function compileDistanceAndEligibility(
  instance: Instance,
  horizonFirst: number,
  horizonDays: number,
  { jobFirstDay, jobLastDay, jobHasCoords }: JobDays,
): { distance: Float64Array; eligible: Uint8Array } {
  const J = instance.jobs.length;
  const P = instance.physicists.length;
  const W = horizonDays + 1;
  const leavePrefix = new Int32Array(P * W);
  const homeLat = new Float64Array(P);
  const homeLon = new Float64Array(P);
  const homeCos = new Float64Array(P);
  for (let p = 0; p < P; p++) {
    const physicist = instance.physicists[p]!;
    homeLat[p] = physicist.lat;
    homeLon[p] = physicist.lon;
    homeCos[p] = latitudeCos(physicist.lat);
    const away = leavePrefix.subarray(p * W, (p + 1) * W);
    // Mark leave days clamped to the horizon (at away[d + 1]), then accumulate.
    for (const range of physicist.unavailable) {
      const from = Math.max(dayNumber(range.start) - horizonFirst, 0);
      const to = Math.min(dayNumber(range.end) - horizonFirst, horizonDays - 1);
      for (let d = from; d <= to; d++) away[d + 1] = 1;
    }
    for (let d = 1; d < W; d++) away[d] = away[d]! + away[d - 1]!;
  }

  const distance = new Float64Array(J * P);
  const eligible = new Uint8Array(J * P);
  for (let j = 0; j < J; j++) {
    if (!jobHasCoords[j]) continue;
    const job = instance.jobs[j]!;
    const lat = job.lat!;
    const lon = job.lon!;
    const cos = latitudeCos(lat);
    const first = jobFirstDay[j]!;
    const after = jobLastDay[j]! + 1;
    for (let p = 0; p < P; p++) {
      // Same argument order as the evaluator (home first), so the miles are bit-identical.
      distance[j * P + p] = haversineMilesWithCos(
        homeLat[p]!,
        homeLon[p]!,
        homeCos[p]!,
        lat,
        lon,
        cos,
      );
      const leaveDays = leavePrefix[p * W + after]! - leavePrefix[p * W + first]!;
      eligible[j * P + p] = leaveDays === 0 ? 1 : 0;
    }
  }
  return { distance, eligible };
}

/**
 * Per slot (2 * job + role), the eligible physicists of its role, nearest
 * first, ties by index (CSR: candidates[candidateStart[s] .. candidateStart[s + 1])).
 * A job's eligible physicists are sorted once, then split by role.
 * A physicist has one role, so all lists together hold at most J * P entries.
 */
export function compileCandidates(
  J: number,
  P: number,
  physicistRole: Uint8Array,
  distance: Float64Array,
  eligible: Uint8Array,
): { candidates: Int32Array; candidateStart: Int32Array } {
  const candidates = new Int32Array(J * P);
  const candidateStart = new Int32Array(2 * J + 1);
  const list = new Int32Array(P);
  const scratch = new Int32Array(P);
  let end = 0;
  for (let job = 0; job < J; job++) {
    const row = job * P;
    let count = 0;
    for (let p = 0; p < P; p++) if (eligible[row + p] === 1) list[count++] = p;
    const sorted = sortByKey(list.subarray(0, count), distance, row, scratch.subarray(0, count));
    for (let role = 0; role < 2; role++) {
      for (let i = 0; i < count; i++) {
        const p = sorted[i]!;
        if (physicistRole[p] === role) candidates[end++] = p;
      }
      candidateStart[2 * job + role + 1] = end;
    }
  }
  return { candidates: candidates.slice(0, end), candidateStart };
}

/**
 * Per job, the other jobs whose inclusive date ranges overlap it, in index
 * order (CSR). A sweep over the jobs ordered by first day (a counting sort:
 * days lie in the horizon) visits only overlapping pairs; it runs twice, to
 * count and then to fill the flat array.
 */
export function compileOverlaps(
  first: Int32Array,
  last: Int32Array,
  horizonDays: number,
): { overlaps: Int32Array; overlapStart: Int32Array } {
  const J = first.length;
  const dayStart = new Int32Array(horizonDays + 1);
  for (let j = 0; j < J; j++) dayStart[first[j]! + 1]!++;
  for (let d = 0; d < horizonDays; d++) dayStart[d + 1]! += dayStart[d]!;
  const order = new Int32Array(J);
  const fill = dayStart.slice(0, horizonDays);
  for (let j = 0; j < J; j++) order[fill[first[j]!]!++] = j;

  const overlapStart = new Int32Array(J + 1);
  for (let i = 0; i < J; i++) {
    const a = order[i]!;
    for (let k = i + 1; k < J && first[order[k]!]! <= last[a]!; k++) {
      overlapStart[a + 1]!++;
      overlapStart[order[k]! + 1]!++;
    }
  }
  for (let j = 0; j < J; j++) overlapStart[j + 1]! += overlapStart[j]!;
  const overlaps = new Int32Array(overlapStart[J]!);
  const next = overlapStart.slice(0, J);
  for (let i = 0; i < J; i++) {
    const a = order[i]!;
    for (let k = i + 1; k < J && first[order[k]!]! <= last[a]!; k++) {
      const b = order[k]!;
      overlaps[next[a]!++] = b;
      overlaps[next[b]!++] = a;
    }
  }
  for (let j = 0; j < J; j++) overlaps.subarray(overlapStart[j], overlapStart[j + 1]).sort();
  return { overlaps, overlapStart };
}
