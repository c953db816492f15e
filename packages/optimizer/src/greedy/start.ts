import type { AlgorithmContext } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import { SolutionState } from '../core/solution';
import { balancedGreedy } from './balanced-heuristic';

/**
 * The starting solution of the improvement methods: the run's `initial`
 * assignment when one is given (a portfolio round), else the current plan as
 * far as it still fits (ctx.startAssignment), else the balanced greedy;
 * either way with every fillable slot filled. It is offered as the first best.
 */
export function startingState(ctx: AlgorithmContext, label = 'start'): SolutionState {
  let state: SolutionState;
  if (ctx.startAssignment) {
    // No greedy pass to throw away: a portfolio round starts at once from the incumbent,
    // and a replanning run from the current plan.
    state = new SolutionState(ctx.compiled);
    state.loadAssignment(ctx.startAssignment);
  } else state = balancedGreedy(ctx.compiled);
  fillEmptySlots(state);
  ctx.offer(state, label);
  return state;
}
