import { slotCandidates } from '../core/compile';
import { fillDirect, fillEmptySlots } from '../core/coverage';
import type { Rng } from '../core/rng';
import type { SolutionState } from '../core/solution';

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
 * Job-wise uniform crossover with feasibility repair: the child inherits each
 * job's lead and data-acq from one parent (chosen per job, jobs in random
 * order) when that keeps it feasible; a slot that clashes tries the other
 * parent's physicist, then the cheapest free candidate, then ejection chains.
 * Returns the slots that needed repair.
 */
export function crossover(
  child: SolutionState,
  a: SolutionState,
  b: SolutionState,
  rng: Rng,
): number[] {
  const c = child.c;
  child.loadAssignment(new Int32Array(2 * c.jobCount).fill(-1));
  const jobs = rng.shuffle(Array.from({ length: c.jobCount }, (_, j) => j));
  const conflicts: number[] = [];
  for (const job of jobs) {
    const [first, second] = rng.next() < 0.5 ? [a, b] : [b, a];
    for (let role = 0; role < 2; role++) {
      const slot = 2 * job + role;
      if (c.pinned[slot]! >= 0) continue;
      const p = first.assign[slot]!;
      if (p >= 0 && child.canMove(slot, p)) child.move(slot, p);
      else if (second.assign[slot]! >= 0) conflicts.push(slot);
    }
  }
  for (const slot of conflicts) {
    if (child.assign[slot]! >= 0) continue;
    const pa = a.assign[slot]!;
    const pb = b.assign[slot]!;
    if (pa >= 0 && child.canMove(slot, pa)) child.move(slot, pa);
    else if (pb >= 0 && child.canMove(slot, pb)) child.move(slot, pb);
    else fillDirect(child, slot);
  }
  fillEmptySlots(child);
  return conflicts;
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
