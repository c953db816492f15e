import { fillEmptySlots } from '../core/coverage';
import type { Rng } from '../core/rng';
import type { SolutionState } from '../core/solution';
import { descend } from './moves';
import { kick, relatedSlots } from './perturb';

/**
 * One ILS step on `state`: kick 2 to 11 related slots to random near
 * candidates, refill what the kick emptied, and descend from the kicked
 * slots. The caller decides whether to keep the result.
 */
export function kickAndDescend(state: SolutionState, rng: Rng, shouldStop: () => boolean): void {
  const size = 2 + rng.int(Math.min(10, state.c.openSlots.length));
  const touched = kick(state, rng, relatedSlots(state, rng, size));
  fillEmptySlots(state);
  descend(state, rng, shouldStop, touched);
}

/**
 * A short iterated local search that only accepts improvements: `kicks`
 * kick-and-descend steps on `state` itself, each rolled back unless it lowers
 * F. cp_sat's start uses it. Returns how many steps improved.
 */
export function improveByKicks(
  state: SolutionState,
  rng: Rng,
  kicks: number,
  shouldStop: () => boolean,
): number {
  if (state.c.openSlots.length === 0) return 0;
  let improved = 0;
  state.checkpoint();
  let total = state.total;
  for (let k = 0; k < kicks && !shouldStop(); k++) {
    kickAndDescend(state, rng, shouldStop);
    if (state.total < total - 1e-9) {
      state.checkpoint();
      total = state.total;
      improved++;
    } else state.rollback();
  }
  state.endCheckpoint();
  return improved;
}
