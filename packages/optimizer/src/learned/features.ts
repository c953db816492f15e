import { slotCandidates } from '../core/compile';
import type { SolutionState } from '../core/solution';

/** bias, miles/1000, distance rank share, (load - target)/(1 + target), repeat customer, exact rest delta/10, nearest free. */
export const FEATURE_COUNT = 7;

/** One slot's decision: the free candidates and their feature rows. */
export interface Decision {
  readonly slot: number;
  readonly candidates: number[];
  readonly features: Float64Array[];
}

/**
 * Features of putting each free candidate in `slot`, given the partial
 * solution `state` (the features a scheduler would weigh: distance and its
 * rank, load against the fair-share target, customer repeats, and the exact
 * marginal cost of F without coverage).
 */
export function decisionAt(state: SolutionState, slot: number): Decision {
  const c = state.c;
  const job = slot >> 1;
  const all = slotCandidates(c, slot);
  const candidates: number[] = [];
  const features: Float64Array[] = [];
  all.forEach((p, rank) => {
    if (!state.isFree(p, job)) return;
    const t = c.target[p]!;
    const f = new Float64Array(FEATURE_COUNT);
    f[0] = 1;
    f[1] = c.distance[job * c.physicistCount + p]! / 1000;
    f[2] = rank / Math.max(1, all.length);
    f[3] = (state.load[p]! - t) / (1 + t);
    f[4] = state.visits[p * c.customerCount + c.jobCustomer[job]!]! > 0 ? 1 : 0;
    f[5] = state.addCost(slot, p) / 10;
    f[6] = candidates.length === 0 ? 1 : 0;
    candidates.push(p);
    features.push(f);
  });
  return { slot, candidates, features };
}
