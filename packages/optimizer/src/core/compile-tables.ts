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
 * Jobs at the same point (the same customer's site, the same zip) get one
 * index, so the tables built per point are built once: per job, its point's
 * index (-1 without coordinates), and per point, its first job.
 */
export function jobLocations(
  instance: Instance,
  jobHasCoords: Uint8Array,
): { jobLocation: Int32Array; locationJob: Int32Array } {
  const J = instance.jobs.length;
  const jobLocation = new Int32Array(J).fill(-1);
  const firstJob: number[] = [];
  const index = new Map<string, number>();
  for (let j = 0; j < J; j++) {
    if (!jobHasCoords[j]) continue;
    const job = instance.jobs[j]!;
    const key = `${job.lat},${job.lon}`;
    let at = index.get(key);
    if (at === undefined) {
      index.set(key, (at = firstJob.length));
      firstJob.push(j);
    }
    jobLocation[j] = at;
  }
  return { jobLocation, locationJob: Int32Array.from(firstJob) };
}

/**
 * Miles at [j * P + p] (0 where the job has no coordinates) and eligibility
 * (coordinates usable and no leave day on the job's days). The cosines of the
 * latitudes are computed once per point, with the evaluator's formula, so the
 * miles are bit-identical to haversineMiles; a job at a point seen before
 * copies that job's row (a year of 4,000 jobs has about 1,300 points).
 */
export function compileDistanceAndEligibility(
  instance: Instance,
  horizonFirst: number,
  horizonDays: number,
  jobs: JobDays,
  { jobLocation, locationJob }: { jobLocation: Int32Array; locationJob: Int32Array },
): { distance: Float64Array; eligible: Uint8Array } {
  const J = instance.jobs.length;
  const P = instance.physicists.length;
  const homeLat = new Float64Array(P);
  const homeLon = new Float64Array(P);
  const homeCos = new Float64Array(P);
  for (let p = 0; p < P; p++) {
    const physicist = instance.physicists[p]!;
    homeLat[p] = physicist.lat;
    homeLon[p] = physicist.lon;
    homeCos[p] = latitudeCos(physicist.lat);
  }

  const distance = new Float64Array(J * P);
  const eligible = new Uint8Array(J * P);
  for (let j = 0; j < J; j++) {
    if (!jobs.jobHasCoords[j]) continue;
    const row = j * P;
    eligible.fill(1, row, row + P);
    const seen = locationJob[jobLocation[j]!]!;
    if (seen < j) {
      distance.copyWithin(row, seen * P, seen * P + P);
      continue;
    }
    const job = instance.jobs[j]!;
    const lat = job.lat!;
    const lon = job.lon!;
    const cos = latitudeCos(lat);
    for (let p = 0; p < P; p++) {
      // Same argument order as the evaluator (home first), so the miles are bit-identical.
      distance[row + p] = haversineMilesWithCos(
        homeLat[p]!,
        homeLon[p]!,
        homeCos[p]!,
        lat,
        lon,
        cos,
      );
    }
  }
  markLeave(instance, horizonFirst, horizonDays, jobs, eligible);
  return { distance, eligible };
}

/**
 * Clears eligible[j * P + p] where p's leave overlaps job j. Jobs are
 * indexed by first day (a counting sort), so each leave range visits only
 * the jobs starting within it or at most the longest job's length before it:
 * a year's 800 ranges visit about 100,000 jobs instead of checking every
 * one of the 640,000 pairs.
 */
function markLeave(
  instance: Instance,
  horizonFirst: number,
  horizonDays: number,
  { jobFirstDay, jobLastDay }: JobDays,
  eligible: Uint8Array,
): void {
  const J = jobFirstDay.length;
  const P = instance.physicists.length;
  const dayStart = new Int32Array(horizonDays + 1);
  let longest = 1;
  for (let j = 0; j < J; j++) {
    dayStart[jobFirstDay[j]! + 1]!++;
    longest = Math.max(longest, jobLastDay[j]! - jobFirstDay[j]! + 1);
  }
  for (let d = 0; d < horizonDays; d++) dayStart[d + 1]! += dayStart[d]!;
  const byFirstDay = new Int32Array(J);
  const fill = dayStart.slice(0, horizonDays);
  for (let j = 0; j < J; j++) byFirstDay[fill[jobFirstDay[j]!]!++] = j;

  for (let p = 0; p < P; p++) {
    for (const range of instance.physicists[p]!.unavailable) {
      const from = Math.max(dayNumber(range.start) - horizonFirst, 0);
      const to = Math.min(dayNumber(range.end) - horizonFirst, horizonDays - 1);
      if (from > to) continue;
      // A job starting up to `longest - 1` days before the leave may still run into it.
      const end = dayStart[to + 1]!;
      for (let i = dayStart[Math.max(0, from - longest + 1)]!; i < end; i++) {
        const j = byFirstDay[i]!;
        if (jobLastDay[j]! >= from) eligible[j * P + p] = 0;
      }
    }
  }
}

/**
 * Per slot (2 * job + role), the eligible physicists of its role, nearest
 * first, ties by index (CSR: candidates[candidateStart[s] .. candidateStart[s + 1])).
 * Every physicist is sorted by distance once per point (jobLocations), and
 * each job at that point keeps, in that order, its eligible ones of each
 * role: a stable sort filtered is the filtered list sorted.
 * A physicist has one role, so all lists together hold at most J * P entries.
 */
export function compileCandidates(
  J: number,
  P: number,
  physicistRole: Uint8Array,
  distance: Float64Array,
  eligible: Uint8Array,
  { jobLocation, locationJob }: { jobLocation: Int32Array; locationJob: Int32Array },
): { candidates: Int32Array; candidateStart: Int32Array } {
  const everyone = new Int32Array(P);
  for (let p = 0; p < P; p++) everyone[p] = p;
  // Per point, its physicists nearest first, the leads' block then the data-acqs'.
  const byPoint = new Int32Array(locationJob.length * P);
  const leadCount = physicistRole.reduce((n, role) => n + (role === 0 ? 1 : 0), 0);
  const list = new Int32Array(P);
  const scratch = new Int32Array(P);
  for (let at = 0; at < locationJob.length; at++) {
    list.set(everyone);
    const sorted = sortByKey(list, distance, locationJob[at]! * P, scratch);
    let lead = at * P;
    let dataAcq = lead + leadCount;
    for (let i = 0; i < P; i++) {
      const p = sorted[i]!;
      if (physicistRole[p] === 0) byPoint[lead++] = p;
      else byPoint[dataAcq++] = p;
    }
  }

  const candidates = new Int32Array(J * P);
  const candidateStart = new Int32Array(2 * J + 1);
  let end = 0;
  for (let job = 0; job < J; job++) {
    const row = job * P;
    const at = jobLocation[job]!;
    for (let role = 0; role < 2; role++) {
      // A job without coordinates has no point and no eligible physicist.
      if (at >= 0) {
        const from = at * P + (role === 0 ? 0 : leadCount);
        const to = role === 0 ? at * P + leadCount : at * P + P;
        for (let i = from; i < to; i++) {
          const p = byPoint[i]!;
          if (eligible[row + p] === 1) candidates[end++] = p;
        }
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
  // Each list holds its jobs in sweep order; reading the lists in job order and
  // appending j to the list of every job overlapping it sorts them all at once
  // (the relation is symmetric), without a sort call per job.
  const sorted = new Int32Array(overlaps.length);
  next.set(overlapStart.subarray(0, J));
  for (let j = 0; j < J; j++) {
    for (let i = overlapStart[j]!; i < overlapStart[j + 1]!; i++) sorted[next[overlaps[i]!]!++] = j;
  }
  return { overlaps: sorted, overlapStart };
}
