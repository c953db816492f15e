import type { CompiledInstance } from '../core/compile';
import type { Algorithm } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import type { SolutionState } from '../core/solution';

/**
 * A one-pass greedy algorithm named `key`: `construct`'s solution, then one
 * ejection-chain pass for the slots it left empty, because coverage
 * dominates the objective. No search loop: one construction is one iteration.
 */
export function greedyThenChains(
  key: string,
  construct: (c: CompiledInstance) => SolutionState,
): Algorithm {
  return (ctx) => {
    const state = construct(ctx.compiled);
    const emptyAfterGreedy = state.unassigned;
    const repaired = fillEmptySlots(state);
    ctx.offer(state, key);
    return Promise.resolve({
      stats: {
        iterations: 1,
        iteration_unit: 'greedy construction (one pass, no search loop)',
        empty_after_greedy: emptyAfterGreedy,
        filled_by_chains: repaired,
      },
    });
  };
}
