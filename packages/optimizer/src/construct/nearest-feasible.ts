import { slotCandidates } from '../core/compile';
import type { CompiledInstance } from '../core/compile';
import { constructionStart } from '../core/current-plan';
import type { SolutionState } from '../core/solution';
import { jobsInDateOrder } from './date-order';

/**
 * Greedy in date order: each open slot takes its nearest free physicist. The
 * `heuristic` method and the exact and learned methods' starting points. It
 * starts from the current plan, when there is one, and fills what is empty.
 */
export function nearestFeasibleGreedy(c: CompiledInstance): SolutionState {
  const state = constructionStart(c);
  for (const job of jobsInDateOrder(c)) {
    for (let role = 0; role < 2; role++) {
      const slot = 2 * job + role;
      if (c.pinned[slot]! >= 0 || state.assign[slot]! >= 0) continue;
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
