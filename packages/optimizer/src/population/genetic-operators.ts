import { slotCandidates } from '../core/compile';
import { fillDirect, fillEmptySlots } from '../core/coverage';
import type { Rng } from '../core/rng';
import type { SolutionState } from '../core/solution';
import { kickWalk } from '../local-search/kick-walk';
import type { KickWalkCounts } from '../local-search/kick-walk';
import { descend } from '../local-search/moves';
import { sliceDescent } from '../local-search/slice-assignment';

/** Tournament selection: the best of `size` random members (population sorted or not). */
export function tournament(population: SolutionState[], rng: Rng, size = 3): SolutionState {
  let winner = rng.pick(population);
  for (let k = 1; k < size; k++) {
    const rival = rng.pick(population);
    if (rival.total < winner.total) winner = rival;
  }
  return winner;
}

/**
 * Date-window crossover with feasibility repair: the child is parent `a`
 * with the jobs of one window of consecutive dates (`order` lists the jobs
 * by date; the window holds 5 to 20% of them) taken from parent `b`. Slots
 * where the parents differ are emptied first and then given `b`'s physicist
 * where that is feasible; a slot that clashes with `a`'s jobs at the
 * window's edges gets `a`'s physicist back if free, else the cheapest free
 * candidate, else an ejection chain. A window keeps what makes each parent
 * good over a stretch of time (who covers which week), where a job-wise
 * uniform mix tears it apart. Returns the slots that changed hands.
 */
export function windowCrossover(
  child: SolutionState,
  a: SolutionState,
  b: SolutionState,
  order: readonly number[],
  rng: Rng,
): number[] {
  const c = child.c;
  child.copyFrom(a);
  const J = order.length;
  const length = Math.max(1, Math.round(J * (0.05 + 0.15 * rng.next())));
  const first = rng.int(Math.max(1, J - length + 1));
  const changed: number[] = [];
  for (let i = first; i < Math.min(J, first + length); i++) {
    for (let role = 0; role < 2; role++) {
      const slot = 2 * order[i]! + role;
      if (c.pinned[slot]! >= 0 || child.assign[slot] === b.assign[slot]) continue;
      changed.push(slot);
      if (child.assign[slot]! >= 0) child.move(slot, -1);
    }
  }
  const clashes: number[] = [];
  for (const slot of changed) {
    const p = b.assign[slot]!;
    if (p >= 0 && child.canMove(slot, p)) child.move(slot, p);
    else clashes.push(slot);
  }
  for (const slot of clashes) {
    const p = a.assign[slot]!;
    if (p >= 0 && child.canMove(slot, p)) child.move(slot, p);
    else fillDirect(child, slot);
  }
  fillEmptySlots(child);
  return changed;
}

/** Mutation: each open slot, with probability `rate`, takes a random free near candidate or swaps with its blocker. */
export function mutate(state: SolutionState, rng: Rng, rate: number): void {
  const c = state.c;
  const count = Math.max(1, Math.round(rate * c.openSlots.length));
  for (let k = 0; k < count; k++) {
    const slot = rng.pick(c.openSlots);
    const list = slotCandidates(c, slot);
    const q = list[rng.int(Math.min(8, list.length))]!;
    if (state.canMove(slot, q)) {
      state.move(slot, q);
      continue;
    }
    const blocker = state.blocker(q, slot >> 1);
    const other = 2 * blocker + (slot & 1);
    if (blocker >= 0 && state.canSwap(slot, other)) state.swap(slot, other);
  }
  fillEmptySlots(state);
}

/** What the offspring's local search did, summed over the children. */
export interface OffspringSearchCounts {
  readonly walk: KickWalkCounts;
  /** F removed by the exact slice passes that end each child's search. */
  sliceGain: number;
}

/** Slice passes that end each child's search (each re-solves every (role, day) slice exactly). */
const SLICE_PASSES = 3;

/**
 * The local search of one child (the memetic part): a descent from the
 * slots the crossover and mutation changed; a segment of `ils` (`kickWalk`:
 * `kicks` kick-and-descend steps, each kept when F rises by less than
 * `thresholdShare` of the child's non-coverage cost, ending at the best
 * state seen); then up to SLICE_PASSES passes of the exact slice
 * re-assignment over the whole horizon (`sliceDescent`: the open slots of
 * one role on one day, re-assigned by a minimum-cost assignment), and a
 * descent when those gained. The kicks move a few related slots at a time;
 * a slice re-arranges every holder of a day at once, which is what the
 * kicks rarely find, and a pass costs about a quarter of the kicks at
 * 1,000 jobs. F never rises above the child's after its first descent.
 */
export function improveOffspring(
  child: SolutionState,
  scratch: SolutionState,
  changed: readonly number[],
  rng: Rng,
  kicks: number,
  thresholdShare: number,
  shouldStop: () => boolean,
  counts: OffspringSearchCounts,
): void {
  descend(child, rng, shouldStop, changed);
  const threshold = thresholdShare * (child.total - 1e6 * child.unassigned);
  kickWalk(child, scratch, rng, kicks, threshold, shouldStop, counts.walk);
  const gain = sliceDescent(child, rng, shouldStop, SLICE_PASSES);
  counts.sliceGain += gain;
  if (gain > 1e-9) descend(child, rng, shouldStop);
}
