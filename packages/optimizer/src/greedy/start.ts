import type { AlgorithmContext } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import { SolutionState } from '../core/solution';
import { balancedGreedy } from './balanced-heuristic';

/**
 * The starting solution of the improvement methods: the run's `initial`
 * assignment when one is given (a portfolio round), else the balanced greedy;
 * either way with every fillable slot filled. It is offered as the first best.
 */
export function startingState(ctx: AlgorithmContext, label = 'start'): SolutionState {
  let state: SolutionState;
  if (ctx.options.initial) {
    // No greedy pass to throw away: a portfolio round starts at once from the incumbent.
    state = new SolutionState(ctx.compiled);
    state.loadAssignment(ctx.options.initial);
  } else state = balancedGreedy(ctx.compiled);
  fillEmptySlots(state);
  ctx.offer(state, label);
  return state;
}
