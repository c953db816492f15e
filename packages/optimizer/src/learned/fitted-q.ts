import { UNASSIGNED_PENALTY } from '@meridian/domain';
import type { SolutionState } from '../core/solution';
import type { Chooser, Scorer } from './construct';
import { construct } from './construct';
import type { Decision } from './features';
import { FEATURE_COUNT } from './features';
import type { Window } from './windows';

/** Size of the state summary (see stateSummary). */
const STATE_FEATURES = 4;
/** Q's inputs: the candidate's features, then the state summary. */
const Q_INPUTS = FEATURE_COUNT + STATE_FEATURES;

/**
 * What is left to do in the partial solution, summed over the undecided
 * slots: the miles to each one's nearest free candidate / 100, the gap to its
 * second / 100 (capped at 5), how many have no free candidate, and how many
 * have exactly one. Taking a physicist changes these sums for the undecided
 * slots that wanted them, which is how a Bellman target sees the later cost
 * of a choice; without it a linear Q confuses "much left to do" with "this
 * choice was costly".
 */
export function stateSummary(state: SolutionState, pending: Uint8Array): Float64Array {
  const c = state.c;
  const P = c.physicistCount;
  const out = new Float64Array(STATE_FEATURES);
  for (const s of c.openSlots) {
    if (!pending[s]) continue;
    const job = s >> 1;
    let first = -1;
    let second = -1;
    for (let k = c.candidateStart[s]!; k < c.candidateStart[s + 1]! && second < 0; k++) {
      const q = c.candidates[k]!;
      if (!state.isFree(q, job)) continue;
      if (first < 0) first = q;
      else second = q;
    }
    if (first < 0) {
      out[2] = out[2]! + 1;
      continue;
    }
    out[0] = out[0]! + c.distance[job * P + first]! / 100;
    if (second < 0) out[3] = out[3]! + 1;
    else
      out[1] =
        out[1]! + Math.min(5, (c.distance[job * P + second]! - c.distance[job * P + first]!) / 100);
  }
  return out;
}

/** A decision as the Q function sees it: the candidates' features and costs, and the state summary. */
interface QDecision {
  readonly features: Float64Array[];
  readonly costs: number[];
  readonly summary: Float64Array;
}

/** One logged step: the taken action's features, the state summary, its exact cost, the slots lost after it, and the next decision. */
export interface Transition {
  readonly phi: Float64Array;
  readonly summary: Float64Array;
  /** Exact change of F of the step without the coverage term. */
  readonly cost: number;
  /** Open slots reached with no free candidate before the next step (each stays empty: 1e6 of F). */
  readonly lost: number;
  readonly next: QDecision | null;
  /** The logged trajectory's own continuation (Monte-Carlo): the rest's and coverage's discounted future rewards. */
  mcRest: number;
  mcCoverage: number;
}

/**
 * Logs one trajectory of `behaviour` on a window. The F of the solution the
 * trajectory builds is 1e6 per open slot of the window (a constant) plus,
 * step by step, the step's cost and 1e6 for each slot left with no free
 * candidate by the next step. The reward of a step is minus that: the exact
 * change of F with its coverage term, measured against "every open slot
 * filled".
 */
export function logTrajectory(
  window: Window,
  behaviour: Chooser,
  out: Transition[],
  gamma: number,
): number {
  const steps: { phi: Float64Array; cost: number; lost: number; d: QDecision }[] = [];
  construct(
    window.compiled,
    (d: Decision, state, pending) => {
      const k = behaviour(d, state, pending);
      const summary = stateSummary(state, pending);
      if (k >= 0)
        steps.push({ phi: d.features[k]!, cost: d.costs[k]!, lost: 0, d: { ...d, summary } });
      return k;
    },
    () => {
      const last = steps[steps.length - 1];
      if (last) last.lost++;
    },
  );
  const logged: Transition[] = steps.map((s, i) => ({
    phi: s.phi,
    summary: s.d.summary,
    cost: s.cost,
    lost: s.lost,
    next: steps[i + 1]?.d ?? null,
    mcRest: 0,
    mcCoverage: 0,
  }));
  for (let i = logged.length - 2; i >= 0; i--) {
    const next = logged[i + 1]!;
    logged[i]!.mcRest = gamma * (-next.cost + next.mcRest);
    logged[i]!.mcCoverage = -logged[i]!.lost + gamma * next.mcCoverage;
  }
  if (logged.length > 0) logged[logged.length - 1]!.mcCoverage = -logged[logged.length - 1]!.lost;
  out.push(...logged);
  return steps.length;
}

/**
 * Q(s, a), in two heads that add up to minus the change of F from this step
 * on: coverage (minus the slots that will be lost, 1e6 each) and the rest
 * (miles, balance, rotation). The step's own cost is known exactly; the rest
 * is linear in the candidate's features and the state summary. Keeping the
 * heads apart keeps the 1e6 scale of coverage from swamping the fit of the
 * rest; the policy ranks actions by their sum. The state summary is the same
 * for every candidate of a decision, so the greedy policy needs only the
 * candidate part (score).
 */
export class QFunction implements Scorer {
  readonly wCoverage = new Float64Array(Q_INPUTS);
  readonly wRest = new Float64Array(Q_INPUTS);

  /** Coverage head into coverageOut[0], rest head returned (no allocation: this runs for every candidate of every target). */
  private heads(f: Float64Array, cost: number, summary: Float64Array | null): number {
    let coverage = 0;
    let rest = -cost;
    for (let i = 0; i < FEATURE_COUNT; i++) {
      coverage += this.wCoverage[i]! * f[i]!;
      rest += this.wRest[i]! * f[i]!;
    }
    if (summary)
      for (let i = 0; i < STATE_FEATURES; i++) {
        coverage += this.wCoverage[FEATURE_COUNT + i]! * summary[i]!;
        rest += this.wRest[FEATURE_COUNT + i]! * summary[i]!;
      }
    this.coverageOut = coverage;
    return rest;
  }
  private coverageOut = 0;

  score(f: Float64Array, cost: number): number {
    const rest = this.heads(f, cost, null);
    return UNASSIGNED_PENALTY * this.coverageOut + rest;
  }

  /** The greedy action's two heads at a decision. */
  greedy(d: QDecision): { coverage: number; rest: number } {
    let best = -Infinity;
    let coverage = 0;
    let rest = 0;
    for (let k = 0; k < d.features.length; k++) {
      const r = this.heads(d.features[k]!, d.costs[k]!, d.summary);
      const q = UNASSIGNED_PENALTY * this.coverageOut + r;
      if (q > best) {
        best = q;
        coverage = this.coverageOut;
        rest = r;
      }
    }
    return { coverage, rest };
  }
}

/** Bellman targets of both heads' learned parts: -(slots lost) + gamma * Q(s', greedy a'), and gamma * Q_rest(s', greedy a'). */
function targets(q: QFunction, data: readonly Transition[], gamma: number) {
  const cov = new Float64Array(data.length);
  const rest = new Float64Array(data.length);
  data.forEach((t, i) => {
    cov[i] = -t.lost;
    if (!t.next) return;
    const g = q.greedy(t.next);
    cov[i] = -t.lost + gamma * g.coverage;
    rest[i] = gamma * g.rest;
  });
  return { cov, rest };
}

const inputs = (t: Transition) => {
  const x = new Float64Array(Q_INPUTS);
  x.set(t.phi);
  x.set(t.summary, FEATURE_COUNT);
  return x;
};

/**
 * Fitted Q iteration: a first ridge regression of both heads on the logged
 * Monte-Carlo returns, then `rounds` regressions on the Bellman targets
 * (the greedy policy's value at the next decision).
 */
export function fittedQIteration(
  data: readonly Transition[],
  gamma: number,
  rounds: number,
  shouldStop: () => boolean = () => false,
  lambda = 1e-3,
): { q: QFunction; rounds: number } {
  const q = new QFunction();
  const rows = data.map(inputs);
  // Start from the logged trajectories' own returns: each round of Bellman backups looks one step
  // further, and a few rounds from Q = 0 would never see the overlapping jobs decided dozens of steps later.
  q.wCoverage.set(
    ridge(
      rows,
      Float64Array.from(data, (t) => t.mcCoverage),
      lambda,
    ),
  );
  q.wRest.set(
    ridge(
      rows,
      Float64Array.from(data, (t) => t.mcRest),
      lambda,
    ),
  );
  let round = 0;
  for (; round < rounds && !shouldStop(); round++) {
    const y = targets(q, data, gamma);
    q.wCoverage.set(ridge(rows, y.cov, lambda));
    q.wRest.set(ridge(rows, y.rest, lambda));
  }
  return { q, rounds: round };
}

/** Root mean squared Bellman error of the rest head on transitions not trained on. */
export function bellmanRmse(q: QFunction, data: readonly Transition[], gamma: number): number {
  if (data.length === 0) return NaN;
  const y = targets(q, data, gamma);
  let sq = 0;
  data.forEach((t, i) => {
    const x = inputs(t);
    let fit = 0;
    for (let k = 0; k < Q_INPUTS; k++) fit += q.wRest[k]! * x[k]!;
    sq += (fit - y.rest[i]!) ** 2;
  });
  return Math.sqrt(sq / data.length);
}

/** Ridge regression of y on the rows (normal equations, Gaussian elimination with partial pivoting). */
export function ridge(
  rows: readonly Float64Array[],
  y: ArrayLike<number>,
  lambda: number,
): Float64Array {
  const n = Q_INPUTS;
  const a = Array.from({ length: n }, () => new Float64Array(n + 1));
  rows.forEach((f, r) => {
    for (let i = 0; i < n; i++) {
      const fi = f[i]!;
      if (fi === 0) continue;
      const row = a[i]!;
      for (let j = i; j < n; j++) row[j] = row[j]! + fi * f[j]!;
      row[n] = row[n]! + fi * y[r]!;
    }
  });
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) a[i]![j] = a[j]![i]!;
  for (let i = 0; i < n; i++) a[i]![i] = a[i]![i]! + lambda * Math.max(1, rows.length);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++)
      if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const div = a[col]![col]! || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const factor = a[r]![col]! / div;
      for (let k = col; k <= n; k++) a[r]![k] = a[r]![k]! - factor * a[col]![k]!;
    }
  }
  return Float64Array.from({ length: n }, (_, i) => a[i]![n]! / (a[i]![i]! || 1e-12));
}
