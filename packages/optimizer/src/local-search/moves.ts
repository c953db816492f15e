import type { Rng } from '../core/rng';
import type { SolutionState } from '../core/solution';

/** Move kinds: give a slot to a free physicist, or trade physicists between two slots. */
export const MOVE = 0;
export const SWAP = 1;
export type MoveKind = typeof MOVE | typeof SWAP;

/** Visits one neighbour: for MOVE `target` is the physicist, for SWAP the other slot. */
export type MoveVisitor = (kind: MoveKind, slot: number, target: number, delta: number) => void;

/**
 * Every feasible neighbour that changes `slot`: reassign it to each free
 * candidate; swap with the one job that blocks a busy candidate (an ejection
 * that keeps coverage); and, for the `swapBreadth` nearest candidates, swap
 * with each of their other jobs (exchanges customers and miles, loads stay).
 */
export function forEachMove(
  state: SolutionState,
  slot: number,
  swapBreadth: number,
  visit: MoveVisitor,
): void {
  const c = state.c;
  const job = slot >> 1;
  const current = state.assign[slot]!;
  const first = c.candidateStart[slot]!;
  for (let k = first; k < c.candidateStart[slot + 1]!; k++) {
    const q = c.candidates[k]!;
    const rank = k - first + 1;
    if (q === current) continue;
    const blocker = state.blocker(q, job);
    if (blocker === -1) {
      visit(MOVE, slot, q, state.moveDelta(slot, q));
      continue;
    }
    if (current < 0) continue;
    if (blocker >= 0) {
      const other = 2 * blocker + (slot & 1);
      if (state.canSwap(slot, other)) visit(SWAP, slot, other, state.swapDelta(slot, other));
    }
    if (rank > swapBreadth) continue;
    for (let i = 0; i < state.load[q]!; i++) {
      const other = state.heldSlot(q, i);
      if (other >> 1 === blocker) continue;
      if (state.canSwap(slot, other)) visit(SWAP, slot, other, state.swapDelta(slot, other));
    }
  }
}

/** Applies a neighbour found by forEachMove. */
export function applyMove(
  state: SolutionState,
  kind: MoveKind,
  slot: number,
  target: number,
): void {
  if (kind === MOVE) state.move(slot, target);
  else state.swap(slot, target);
}

/**
 * Descent to a local optimum: slots wait in a queue (don't-look bits); each
 * takes its best improving neighbour, and the slots a move touched are queued
 * again. Stops at a local optimum or when `shouldStop` says so.
 */
export function descend(
  state: SolutionState,
  rng: Rng,
  shouldStop: () => boolean,
  start: ArrayLike<number> = state.c.openSlots,
  swapBreadth = 6,
): number {
  const queued = new Uint8Array(2 * state.c.jobCount);
  const queue: number[] = rng.shuffle(Array.from(start));
  for (const s of queue) queued[s] = 1;
  let moves = 0;
  const best = { kind: MOVE as MoveKind, target: -1, delta: 0 };
  const visit: MoveVisitor = (kind, _slot, target, delta) => {
    if (delta < best.delta) Object.assign(best, { kind, target, delta });
  };
  for (let head = 0; head < queue.length; head++) {
    if ((head & 127) === 0 && shouldStop()) break;
    const slot = queue[head]!;
    queued[slot] = 0;
    best.delta = -1e-9;
    best.target = -1;
    forEachMove(state, slot, swapBreadth, visit);
    if (best.target < 0) continue;
    applyMove(state, best.kind, slot, best.target);
    moves++;
    for (const s of best.kind === SWAP ? [slot, best.target] : [slot]) {
      if (!queued[s]) {
        queued[s] = 1;
        queue.push(s);
      }
    }
  }
  return moves;
}
