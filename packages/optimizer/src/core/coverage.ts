import { slotCandidates } from './compile';
import type { SolutionState } from './solution';

const CHAIN_BRANCHING = 12;

/**
 * Fills every empty open slot it can, because coverage dominates F: first
 * with the free candidate of least delta, else by an ejection chain (a busy
 * candidate leaves the one job that blocks it, and that job is refilled the
 * same way, up to `maxDepth` links). Returns how many slots it filled.
 */
export function fillEmptySlots(state: SolutionState, maxDepth = 3): number {
  const c = state.c;
  let filled = 0;
  // Counted by the state: most calls (after a move that filled what it emptied) have nothing to do.
  if (state.emptyOpenSlots === 0) return 0;
  for (const slot of c.openSlots) {
    if (state.assign[slot]! >= 0) continue;
    if (fillDirect(state, slot) || fillByChain(state, slot, maxDepth, new Set([slot]))) filled++;
  }
  return filled;
}

/** Puts the free candidate with the least delta in an empty slot; false when nobody is free. */
export function fillDirect(state: SolutionState, slot: number): boolean {
  let best = -1;
  let bestDelta = Infinity;
  const c = state.c;
  for (let k = c.candidateStart[slot]!; k < c.candidateStart[slot + 1]!; k++) {
    const p = c.candidates[k]!;
    if (!state.isFree(p, slot >> 1)) continue;
    const delta = state.moveDelta(slot, p);
    if (delta < bestDelta) {
      bestDelta = delta;
      best = p;
    }
  }
  if (best < 0) return false;
  state.move(slot, best);
  return true;
}

/** Ejection chain: move a candidate held by exactly one other job, then refill that job's slot. */
function fillByChain(
  state: SolutionState,
  slot: number,
  depth: number,
  visited: Set<number>,
): boolean {
  if (depth <= 0) return false;
  const c = state.c;
  const job = slot >> 1;
  let tried = 0;
  for (const q of slotCandidates(c, slot)) {
    const other = state.blocker(q, job);
    if (other < 0) continue;
    const from = 2 * other + (slot & 1);
    if (c.pinned[from]! >= 0 || visited.has(from) || state.assign[from] !== q) continue;
    if (++tried > CHAIN_BRANCHING) break;
    state.move(from, -1);
    state.move(slot, q);
    visited.add(from);
    if (fillDirect(state, from) || fillByChain(state, from, depth - 1, visited)) return true;
    visited.delete(from);
    state.move(slot, -1);
    state.move(from, q);
  }
  return false;
}
