import { slotCandidates } from '../core/compile';
import type { CompiledInstance } from '../core/compile';
import type { Algorithm } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import { SolutionState } from '../core/solution';

/**
 * Greedy on the full objective delta, hardest slots first. At each step the
 * open slot with the fewest free candidates goes next (ties: the largest
 * regret, the gap between its best and second-best distance), and it takes
 * the candidate with the least delta of F (miles + balance + rotation).
 * Counts of free candidates are kept up to date as physicists get busy.
 */
export function balancedGreedy(c: CompiledInstance): SolutionState {
  const state = new SolutionState(c);
  const P = c.physicistCount;
  const open = Array.from(c.openSlots);
  const freeCount = new Int32Array(2 * c.jobCount);
  const regret = new Float64Array(2 * c.jobCount);
  for (const slot of open) {
    const list = slotCandidates(c, slot);
    let free = 0;
    for (const p of list) if (state.isFree(p, slot >> 1)) free++;
    freeCount[slot] = free;
    const j = slot >> 1;
    regret[slot] =
      list.length > 1 ? c.distance[j * P + list[1]!]! - c.distance[j * P + list[0]!]! : Infinity;
  }
  const done = new Uint8Array(2 * c.jobCount);
  for (let step = 0; step < open.length; step++) {
    let slot = -1;
    for (const s of open) {
      if (done[s]) continue;
      if (
        slot < 0 ||
        freeCount[s]! < freeCount[slot]! ||
        (freeCount[s] === freeCount[slot] && regret[s]! > regret[slot]!)
      )
        slot = s;
    }
    done[slot] = 1;
    const job = slot >> 1;
    let best = -1;
    let bestDelta = Infinity;
    for (const p of slotCandidates(c, slot)) {
      if (!state.isFree(p, job)) continue;
      const delta = state.moveDelta(slot, p);
      if (delta < bestDelta) {
        bestDelta = delta;
        best = p;
      }
    }
    if (best < 0) continue;
    // `best` gets busy on job's days: slots of overlapping jobs where it was free lose a candidate.
    const role = slot & 1;
    const losing: number[] = [];
    for (let k = c.overlapStart[job]!; k < c.overlapStart[job + 1]!; k++) {
      const other = 2 * c.overlaps[k]! + role;
      if (!done[other] && c.eligible[(other >> 1) * P + best] && state.isFree(best, other >> 1))
        losing.push(other);
    }
    state.move(slot, best);
    for (const other of losing) freeCount[other]!--;
  }
  return state;
}

/** `balanced_heuristic`: the balanced greedy, then ejection chains for any slot it left empty. */
export const balancedHeuristic: Algorithm = (ctx) => {
  const state = balancedGreedy(ctx.compiled);
  const emptyAfterGreedy = state.unassigned;
  const repaired = fillEmptySlots(state);
  ctx.offer(state, 'balanced_heuristic');
  return Promise.resolve({
    stats: { empty_after_greedy: emptyAfterGreedy, filled_by_chains: repaired },
  });
};
