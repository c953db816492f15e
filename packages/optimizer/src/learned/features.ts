import { jobOverlaps } from '../core/compile';
import type { SolutionState } from '../core/solution';

/**
 * What the learned models see of one candidate p for one slot, given the
 * partial solution and the slots still to decide (index: meaning):
 *  0 bias;
 *  1 miles(p, job) / 100;
 *  2 miles above the nearest free candidate / 100;
 *  3 1 when p is the nearest free candidate;
 *  4 marginal balance term |n_p + 1 - t_p| - |n_p - t_p|;
 *  5 load against the pro-rated target, (n_p - share decided * t_p) / sqrt(1 + t_p);
 *  6 1 when p already visits this customer (a rotation repeat);
 *  7 future scarcity: over undecided same-role slots of overlapping jobs whose
 *    nearest free candidate is p, the miles they would lose (gap to their
 *    second free candidate) / 100, capped at 5 per slot;
 *  8 undecided overlapping slots that would have no free candidate left without p;
 *  9 undecided overlapping slots that have p among their three nearest free candidates / 3;
 * 10 the slot's regret (second minus nearest free miles) / 100, capped at 5;
 * 11 1 / the slot's number of free candidates;
 * 12 share of the open slots still to decide.
 * Features 10 to 12 describe the slot, not the candidate: they matter to
 * models that combine features (the MLP, the Q function's value of the state).
 * None of them is the label: the labels come from a teacher that solved the
 * whole window, and its choice trades these against each other.
 */
export const FEATURE_COUNT = 13;

/** Column names of the feature rows, for stats. */
export const FEATURE_NAMES = [
  'bias',
  'miles',
  'miles_above_nearest',
  'is_nearest',
  'balance_delta',
  'load_vs_prorated_target',
  'repeat_customer',
  'scarcity_miles',
  'sole_candidate_for',
  'top3_for',
  'slot_regret',
  'slot_scarcity',
  'share_to_decide',
] as const;

const CAP = 5;

/** One slot's decision: its free candidates, their feature rows and exact marginal costs (no coverage term). */
export interface Decision {
  readonly slot: number;
  readonly candidates: number[];
  readonly features: Float64Array[];
  readonly costs: number[];
}

/**
 * The features of every free candidate of `slot`. `pending[s]` is 1 for the
 * slots not decided yet (they are the future the scarcity features look at);
 * `decidedShare` is the share of open slots decided so far.
 */
export function decisionAt(
  state: SolutionState,
  slot: number,
  pending: Uint8Array,
  decidedShare: number,
): Decision {
  const c = state.c;
  const P = c.physicistCount;
  const job = slot >> 1;
  const candidates: number[] = [];
  for (let k = c.candidateStart[slot]!; k < c.candidateStart[slot + 1]!; k++) {
    const p = c.candidates[k]!;
    if (state.isFree(p, job)) candidates.push(p);
  }
  if (candidates.length === 0) return { slot, candidates, features: [], costs: [] };
  const scarcity = new Map<number, number>();
  const sole = new Map<number, number>();
  const top3 = new Map<number, number>();
  const role = slot & 1;
  for (const other of jobOverlaps(c, job)) {
    const s = 2 * other + role;
    if (!pending[s]) continue;
    const free: number[] = [];
    for (let k = c.candidateStart[s]!; k < c.candidateStart[s + 1]! && free.length < 3; k++) {
      const q = c.candidates[k]!;
      if (state.isFree(q, other)) free.push(q);
    }
    if (free.length === 0) continue;
    const first = free[0]!;
    if (free.length === 1) sole.set(first, (sole.get(first) ?? 0) + 1);
    else {
      const gap = (c.distance[other * P + free[1]!]! - c.distance[other * P + first]!) / 100;
      scarcity.set(first, (scarcity.get(first) ?? 0) + Math.min(CAP, gap));
    }
    for (const q of free) top3.set(q, (top3.get(q) ?? 0) + 1 / 3);
  }
  const nearest = c.distance[job * P + candidates[0]!]!;
  const regret =
    candidates.length > 1
      ? Math.min(CAP, (c.distance[job * P + candidates[1]!]! - nearest) / 100)
      : CAP;
  const customer = c.jobCustomer[job]!;
  const features = candidates.map((p, k) => {
    const n = state.load[p]!;
    const t = c.target[p]!;
    const miles = c.distance[job * P + p]!;
    const f = new Float64Array(FEATURE_COUNT);
    f[0] = 1;
    f[1] = miles / 100;
    f[2] = (miles - nearest) / 100;
    f[3] = k === 0 ? 1 : 0;
    f[4] = Math.abs(n + 1 - t) - Math.abs(n - t);
    f[5] = (n - decidedShare * t) / Math.sqrt(1 + t);
    f[6] = state.visits[p * c.customerCount + customer]! > 0 ? 1 : 0;
    f[7] = scarcity.get(p) ?? 0;
    f[8] = sole.get(p) ?? 0;
    f[9] = top3.get(p) ?? 0;
    f[10] = regret;
    f[11] = 1 / candidates.length;
    f[12] = 1 - decidedShare;
    return f;
  });
  return { slot, candidates, features, costs: candidates.map((p) => state.addCost(slot, p)) };
}
