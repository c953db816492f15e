import type { Rng } from '../core/rng';
import type { SolutionState } from '../core/solution';
import { kickAndDescend } from './kick-search';

/** What a kick walk did: its steps, those kept, and those that gave a new best of the walk. */
export interface KickWalkCounts {
  steps: number;
  accepted: number;
  improvements: number;
}

/**
 * A segment of iterated local search with threshold acceptance, as `ils`
 * runs it, ending at the best state it saw: `kicks` kick-and-descend steps
 * on `state` itself, each kept when F rises by less than `threshold` over
 * the state it started from (else rolled back), and at the end the best
 * state seen is restored (`scratch` holds it meanwhile). Walking through
 * slightly worse states is what lets ILS leave a local optimum that
 * improvements-only kicks stay in. The local search of the memetic GA's
 * offspring and of the colony's ants.
 */
export function kickWalk(
  state: SolutionState,
  scratch: SolutionState,
  rng: Rng,
  kicks: number,
  threshold: number,
  shouldStop: () => boolean,
  counts: KickWalkCounts,
): void {
  if (state.c.openSlots.length === 0) return;
  // `scratch` holds the best once the walk has moved on from it (a copy costs a few percent of a step).
  let bestTotal = state.total;
  let awayFromBest = false;
  let scratchIsBest = false;
  state.checkpoint();
  let total = state.total;
  for (let k = 0; k < kicks && !shouldStop(); k++) {
    if (!awayFromBest && !scratchIsBest && threshold > 0) {
      scratch.copyFrom(state);
      scratchIsBest = true;
    }
    kickAndDescend(state, rng, shouldStop);
    counts.steps++;
    if (state.total >= total + threshold) {
      state.rollback();
      continue;
    }
    state.checkpoint();
    total = state.total;
    counts.accepted++;
    if (total < bestTotal - 1e-9) {
      bestTotal = total;
      awayFromBest = false;
      scratchIsBest = false;
      counts.improvements++;
    } else awayFromBest = true;
  }
  state.endCheckpoint();
  if (awayFromBest && scratch.total < state.total) state.copyFrom(scratch);
}
