import type { CompiledInstance } from '../core/compile';
import { fillEmptySlots } from '../core/coverage';
import { constructionStart } from '../core/current-plan';
import type { SolutionState } from '../core/solution';
import { jobsInDateOrder } from '../construct/date-order';
import { decisionAt } from './features';
import type { Decision } from './features';

/** Picks the index of one of a decision's candidates (-1 leaves the slot empty); sees the partial solution. */
export type Chooser = (decision: Decision, state: SolutionState, pending: Uint8Array) => number;

/** A model that scores a candidate from its feature row and its exact marginal cost. */
export interface Scorer {
  score(features: Float64Array, cost: number): number;
}

/** The best-scored candidate's index. */
export function argmaxScore(scorer: Scorer, d: Decision): number {
  let best = 0;
  let bestScore = -Infinity;
  for (let k = 0; k < d.candidates.length; k++) {
    const s = scorer.score(d.features[k]!, d.costs[k]!);
    if (s > bestScore) {
      bestScore = s;
      best = k;
    }
  }
  return best;
}

/** What a construction did: the solution (coverage repaired) and how many slots the policy left empty. */
export interface Construction {
  readonly state: SolutionState;
  readonly emptyBeforeRepair: number;
}

/**
 * A construction under the hard constraints, the frame every learned policy
 * decides in: jobs in date order, each open slot offered only its free
 * eligible candidates, the policy picks one; then the core's ejection chains
 * fill what the order left empty, because coverage dominates F. `onEmpty`
 * hears of each slot reached with no free candidate left (offline RL charges
 * it to the step before).
 */
export function construct(
  c: CompiledInstance,
  choose: Chooser,
  onEmpty?: (slot: number) => void,
): Construction {
  // A replanning run keeps the current plan and decides only its empty slots.
  const state = constructionStart(c);
  const pending = new Uint8Array(2 * c.jobCount);
  for (const slot of c.openSlots) if (state.assign[slot]! < 0) pending[slot] = 1;
  const total = Math.max(1, c.openSlots.length);
  let decided = 0;
  for (const job of jobsInDateOrder(c)) {
    for (let role = 0; role < 2; role++) {
      const slot = 2 * job + role;
      if (!pending[slot]) continue;
      pending[slot] = 0;
      const d = decisionAt(state, slot, pending, decided / total);
      decided++;
      if (d.candidates.length === 0) {
        onEmpty?.(slot);
        continue;
      }
      const k = choose(d, state, pending);
      if (k >= 0) state.move(slot, d.candidates[k]!);
    }
  }
  const emptyBeforeRepair = state.unassigned;
  fillEmptySlots(state);
  return { state, emptyBeforeRepair };
}
