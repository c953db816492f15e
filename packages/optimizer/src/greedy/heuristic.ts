import type { Algorithm } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import { nearestFeasibleGreedy } from '../construct/nearest-feasible';

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
    stats: {
      iterations: 1,
      iteration_unit: 'greedy construction (one pass, no search loop)',
      empty_after_greedy: emptyAfterGreedy,
      filled_by_chains: repaired,
    },
  });
};
