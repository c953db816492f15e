import { slotCandidates } from '../core/compile';
import type { CompiledInstance } from '../core/compile';
import type { Algorithm } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import { SolutionState } from '../core/solution';

/** Jobs by start date, then end date, then input order. */
export function jobsInDateOrder(c: CompiledInstance): number[] {
  return Array.from({ length: c.jobCount }, (_, j) => j).sort(
    (a, b) => c.jobFirstDay[a]! - c.jobFirstDay[b]! || c.jobLastDay[a]! - c.jobLastDay[b]! || a - b,
  );
}

/** Greedy in date order: each open slot takes its nearest free physicist. */
export function nearestFeasibleGreedy(c: CompiledInstance): SolutionState {
  const state = new SolutionState(c);
  for (const job of jobsInDateOrder(c)) {
    for (let role = 0; role < 2; role++) {
      const slot = 2 * job + role;
      if (c.pinned[slot]! >= 0) continue;
      // Candidates are sorted nearest first, so the first free one is the nearest feasible.
      for (const p of slotCandidates(c, slot)) {
        if (state.isFree(p, job)) {
          state.move(slot, p);
          break;
        }
      }
    }
  }
  return state;
}

/**
 * `heuristic`: greedy in date order, nearest feasible physicist for each slot.
 * A final ejection-chain pass fills slots the greedy order left empty, because
 * coverage dominates the objective.
 */
export const heuristic: Algorithm = (ctx) => {
  const state = nearestFeasibleGreedy(ctx.compiled);
  const emptyAfterGreedy = state.unassigned;
  const repaired = fillEmptySlots(state);
  ctx.offer(state, 'heuristic');
  return Promise.resolve({
    stats: { empty_after_greedy: emptyAfterGreedy, filled_by_chains: repaired },
  });
};
