import { UNASSIGNED_PENALTY } from '@meridian/domain';
import { solveAssignment } from '../core/assignment-problem';
import type { Rng } from '../core/rng';
import type { CompiledInstance } from '../core/compile';
import type { SolutionState } from '../core/solution';

/** Per day of the horizon, the jobs that run on it (CSR), built once per compiled instance. */
const dayIndex = new WeakMap<CompiledInstance, { start: Int32Array; jobs: Int32Array }>();

function jobsByDay(c: CompiledInstance): { start: Int32Array; jobs: Int32Array } {
  let index = dayIndex.get(c);
  if (index) return index;
  const start = new Int32Array(c.horizonDays + 1);
  for (let j = 0; j < c.jobCount; j++)
    for (let d = c.jobFirstDay[j]!; d <= c.jobLastDay[j]!; d++) start[d + 1]!++;
  for (let d = 0; d < c.horizonDays; d++) start[d + 1]! += start[d]!;
  const jobs = new Int32Array(start[c.horizonDays]!);
  const fill = start.slice(0, c.horizonDays);
  for (let j = 0; j < c.jobCount; j++)
    for (let d = c.jobFirstDay[j]!; d <= c.jobLastDay[j]!; d++) jobs[fill[d]!++] = j;
  index = { start, jobs };
  dayIndex.set(c, index);
  return index;
}

/**
 * The open slots of one role on jobs that run on `day`. Such jobs overlap
 * pairwise, so a physicist can hold at most one of them.
 */
export function sliceSlots(
  state: SolutionState,
  role: number,
  day: number,
  out: number[] = [],
): number[] {
  const c = state.c;
  const { start, jobs } = jobsByDay(c);
  out.length = 0;
  for (let k = start[day]!; k < start[day + 1]!; k++) {
    const slot = 2 * jobs[k]! + role;
    if (c.pinned[slot]! < 0 && c.candidateStart[slot + 1]! > c.candidateStart[slot]!)
      out.push(slot);
  }
  return out;
}

/**
 * Re-assigns, exactly, all open slots of one role on jobs that run on `day`:
 * the slots are emptied, then each gets the physicist (or nobody) of a
 * minimum-cost assignment where a physicist takes at most one of them (they
 * overlap pairwise) and only if free of every other job on its days. With the
 * slice emptied, the change of F from one physicist joining one slot does not
 * depend on the others' choices (loads and customer visits change only for
 * that physicist), so the sum of single-slot costs is the exact change and
 * the assignment is the best re-arrangement of the slice; the current one is
 * among those it considers, so F never rises. Returns the improvement.
 */
export function reassignSlice(state: SolutionState, slots: readonly number[]): number {
  const c = state.c;
  const n = slots.length;
  if (n < 2) return 0;
  const before = state.total;
  const previous = slots.map((slot) => state.assign[slot]!);
  for (const slot of slots) if (state.assign[slot]! >= 0) state.move(slot, -1);
  // Columns: the slice's candidates, then one "nobody" column per slot.
  const columnOf = new Map<number, number>();
  const people: number[] = [];
  for (const slot of slots) {
    for (let k = c.candidateStart[slot]!; k < c.candidateStart[slot + 1]!; k++) {
      const p = c.candidates[k]!;
      if (!columnOf.has(p)) {
        columnOf.set(p, people.length);
        people.push(p);
      }
    }
  }
  const cols = people.length + n;
  // Large enough to forbid, small enough to keep sums exact in doubles.
  const FORBIDDEN = 1e12;
  const cost = new Float64Array(n * cols).fill(FORBIDDEN);
  slots.forEach((slot, row) => {
    const job = slot >> 1;
    for (let k = c.candidateStart[slot]!; k < c.candidateStart[slot + 1]!; k++) {
      const p = c.candidates[k]!;
      if (state.isFree(p, job)) {
        cost[row * cols + columnOf.get(p)!] = state.addCost(slot, p) - UNASSIGNED_PENALTY;
      }
    }
    cost[row * cols + people.length + row] = 0;
  });
  const chosen = solveAssignment(cost, n, cols);
  slots.forEach((slot, row) => {
    const col = chosen[row]!;
    if (col < people.length && cost[row * cols + col]! < FORBIDDEN) state.move(slot, people[col]!);
  });
  const gain = before - state.total;
  if (gain < -1e-6) {
    // Cannot happen (the old arrangement is a candidate); keep the state honest if it does.
    for (const slot of slots) if (state.assign[slot]! >= 0) state.move(slot, -1);
    slots.forEach((slot, i) => {
      if (previous[i]! >= 0) state.move(slot, previous[i]!);
    });
    return 0;
  }
  return gain;
}

/**
 * Passes over every (role, day) slice in random order, re-assigning each
 * exactly, until a pass gains nothing or `shouldStop` says so. Returns the
 * total gain.
 */
export function sliceDescent(
  state: SolutionState,
  rng: Rng,
  shouldStop: () => boolean,
  maxPasses = 20,
): number {
  const c = state.c;
  const slices: number[] = [];
  for (let role = 0; role < 2; role++)
    for (let day = 0; day < c.horizonDays; day++) slices.push(role * c.horizonDays + day);
  const slots: number[] = [];
  let total = 0;
  for (let pass = 0; pass < maxPasses; pass++) {
    let gained = 0;
    rng.shuffle(slices);
    for (let i = 0; i < slices.length; i++) {
      if ((i & 31) === 0 && shouldStop()) return total + gained;
      const role = slices[i]! >= c.horizonDays ? 1 : 0;
      gained += reassignSlice(state, sliceSlots(state, role, slices[i]! % c.horizonDays, slots));
    }
    total += gained;
    if (gained < 1e-6) break;
  }
  return total;
}

/**
 * Re-assigns exactly the slices (role, day) that the given slots' jobs run
 * on: after a perturbation, the part of the schedule it disturbed. Returns
 * the improvement.
 */
export function reassignSlicesAround(state: SolutionState, slots: readonly number[]): number {
  const c = state.c;
  const seen = new Set<number>();
  const buffer: number[] = [];
  let gain = 0;
  for (const slot of slots) {
    const role = slot & 1;
    const job = slot >> 1;
    for (let day = c.jobFirstDay[job]!; day <= c.jobLastDay[job]!; day++) {
      const key = role * c.horizonDays + day;
      if (seen.has(key)) continue;
      seen.add(key);
      gain += reassignSlice(state, sliceSlots(state, role, day, buffer));
    }
  }
  return gain;
}
