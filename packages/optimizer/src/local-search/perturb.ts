import { jobOverlaps, slotCandidates } from '../core/compile';
import type { Rng } from '../core/rng';
import type { SolutionState } from '../core/solution';

/**
 * Open slots of a random job and of jobs overlapping it (they compete for the
 * same people), at most `size` of them: the neighbourhood a perturbation or a
 * time-related destroy works on.
 */
export function relatedSlots(state: SolutionState, rng: Rng, size: number): number[] {
  const c = state.c;
  const seed = rng.pick(c.openSlots) >> 1;
  const jobs = [seed, ...rng.shuffle(Array.from(jobOverlaps(c, seed)))];
  const slots: number[] = [];
  for (const job of jobs) {
    for (let role = 0; role < 2 && slots.length < size; role++) {
      const slot = 2 * job + role;
      if (c.pinned[slot]! < 0 && c.candidateStart[slot + 1]! > c.candidateStart[slot]!)
        slots.push(slot);
    }
    if (slots.length >= size) break;
  }
  return slots;
}

/**
 * ILS kick: each chosen slot takes a random free candidate among its nearest
 * `breadth`, or swaps with the job blocking one. Returns the slots touched,
 * for the local search that follows.
 */
export function kick(state: SolutionState, rng: Rng, slots: number[], breadth = 8): number[] {
  const touched: number[] = [];
  for (const slot of slots) {
    const list = slotCandidates(state.c, slot);
    const q = list[rng.int(Math.min(breadth, list.length))]!;
    if (state.canMove(slot, q)) {
      state.move(slot, q);
      touched.push(slot);
      continue;
    }
    const blocker = state.blocker(q, slot >> 1);
    const other = 2 * blocker + (slot & 1);
    if (blocker >= 0 && state.canSwap(slot, other)) {
      state.swap(slot, other);
      touched.push(slot, other);
    }
  }
  return touched;
}
