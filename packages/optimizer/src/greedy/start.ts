import type { AlgorithmContext } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import type { SolutionState } from '../core/solution';
import { balancedGreedy } from './balanced-heuristic';

/**
 * The starting solution of the improvement methods: the run's `initial`
 * assignment when one is given (a portfolio round), else the balanced greedy;
 * either way with every fillable slot filled. It is offered as the first best.
 */
export function startingState(ctx: AlgorithmContext, label = 'start'): SolutionState {
  const state = balancedGreedy(ctx.compiled);
  if (ctx.options.initial) state.loadAssignment(ctx.options.initial);
  fillEmptySlots(state);
  ctx.offer(state, label);
  return state;
}
