import type { CompiledInstance } from '../core/compile';
import { fillEmptySlots } from '../core/coverage';
import { SolutionState } from '../core/solution';
import { jobsInDateOrder } from '../greedy/heuristic';
import { decisionAt } from './features';
import type { Scorer } from './models';

/**
 * Assignment by a learned scorer under the hard constraints: jobs in date
 * order, each open slot takes its best-scored free candidate (only free,
 * eligible physicists are ever offered), then the core's ejection chains fill
 * what the order left empty, because coverage dominates F.
 */
export function decodeGreedy(
  c: CompiledInstance,
  scorer: Scorer,
  jobs: readonly number[] = jobsInDateOrder(c),
): SolutionState {
  const state = new SolutionState(c);
  for (const job of jobs) {
    for (let role = 0; role < 2; role++) {
      const slot = 2 * job + role;
      if (c.pinned[slot]! >= 0) continue;
      const d = decisionAt(state, slot);
      if (d.candidates.length === 0) continue;
      let best = 0;
      let bestScore = -Infinity;
      d.features.forEach((f, k) => {
        const s = scorer.score(f);
        if (s > bestScore) {
          bestScore = s;
          best = k;
        }
      });
      state.move(slot, d.candidates[best]!);
    }
  }
  fillEmptySlots(state);
  return state;
}
