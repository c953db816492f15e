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

/** Reusable buffers of reassignSlice, one set per compiled instance (a slice is at most P wide). */
interface SliceScratch {
  /** Column of physicist p in the current slice's matrix, -1 if none. */
  readonly columnOf: Int32Array;
  readonly people: Int32Array;
  /** (row, physicist, cost) of each free candidate of the slice. */
  entryRow: Int32Array;
  entryPhysicist: Int32Array;
  entryCost: Float64Array;
  cost: Float64Array;
  previous: Int32Array;
}
const scratchOf = new WeakMap<CompiledInstance, SliceScratch>();

function scratchFor(
  c: CompiledInstance,
  entries: number,
  rows: number,
  cols: number,
): SliceScratch {
  let s = scratchOf.get(c);
  if (!s) {
    s = {
      columnOf: new Int32Array(c.physicistCount).fill(-1),
      people: new Int32Array(c.physicistCount),
      entryRow: new Int32Array(256),
      entryPhysicist: new Int32Array(256),
      entryCost: new Float64Array(256),
      cost: new Float64Array(256),
      previous: new Int32Array(64),
    };
    scratchOf.set(c, s);
  }
  if (s.entryRow.length < entries) {
    const size = Math.max(entries, 2 * s.entryRow.length);
    s.entryRow = new Int32Array(size);
    s.entryPhysicist = new Int32Array(size);
    s.entryCost = new Float64Array(size);
  }
  if (s.cost.length < rows * cols)
    s.cost = new Float64Array(Math.max(rows * cols, 2 * s.cost.length));
  if (s.previous.length < rows) s.previous = new Int32Array(Math.max(rows, 2 * s.previous.length));
  return s;
}

/** Large enough to forbid, small enough to keep sums exact in doubles. */
const FORBIDDEN = 1e12;

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
 * Only physicists free for some slot of the slice get a column.
 */
export function reassignSlice(state: SolutionState, slots: readonly number[]): number {
  const c = state.c;
  const n = slots.length;
  if (n < 2) return 0;
  const before = state.total;
  let entries = 0;
  for (const slot of slots) entries += c.candidateStart[slot + 1]! - c.candidateStart[slot]!;
  const scratch = scratchFor(c, entries, n, n + Math.min(entries, c.physicistCount));
  const { columnOf, people, entryRow, entryPhysicist, entryCost, previous } = scratch;
  for (let row = 0; row < n; row++) {
    const slot = slots[row]!;
    previous[row] = state.assign[slot]!;
    if (previous[row]! >= 0) state.move(slot, -1);
  }
  // The free candidates of each slot with their exact cost of joining it, and their columns.
  let count = 0;
  let width = 0;
  for (let row = 0; row < n; row++) {
    const slot = slots[row]!;
    const job = slot >> 1;
    for (let k = c.candidateStart[slot]!; k < c.candidateStart[slot + 1]!; k++) {
      const p = c.candidates[k]!;
      if (!state.isFree(p, job)) continue;
      if (columnOf[p]! < 0) {
        columnOf[p] = width;
        people[width++] = p;
      }
      entryRow[count] = row;
      entryPhysicist[count] = p;
      entryCost[count++] = state.addCost(slot, p) - UNASSIGNED_PENALTY;
    }
  }
  // Columns: the free physicists, then one "nobody" column per slot.
  const cols = width + n;
  const cost = scratch.cost.subarray(0, n * cols).fill(FORBIDDEN);
  for (let e = 0; e < count; e++)
    cost[entryRow[e]! * cols + columnOf[entryPhysicist[e]!]!] = entryCost[e]!;
  for (let row = 0; row < n; row++) cost[row * cols + width + row] = 0;
  const chosen = solveAssignment(cost, n, cols);
  for (let row = 0; row < n; row++) {
    const col = chosen[row]!;
    if (col < width && cost[row * cols + col]! < FORBIDDEN) state.move(slots[row]!, people[col]!);
  }
  for (let i = 0; i < width; i++) columnOf[people[i]!] = -1;
  const gain = before - state.total;
  if (gain < -1e-6) {
    // Cannot happen (the old arrangement is a candidate); keep the state honest if it does.
    for (const slot of slots) if (state.assign[slot]! >= 0) state.move(slot, -1);
    for (let row = 0; row < n; row++)
      if (previous[row]! >= 0) state.move(slots[row]!, previous[row]!);
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
