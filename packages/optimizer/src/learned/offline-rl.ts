import type { Algorithm } from '../core/context';
import { SolutionState } from '../core/solution';
import { jobsInDateOrder } from '../greedy/heuristic';
import { decodeGreedy } from './decode';
import { learnedConstructionThenLocalSearch } from './improve';
import { decisionAt, FEATURE_COUNT } from './features';
import { LinearScorer } from './models';
import type { Rng } from '../core/rng';
import type { CompiledInstance } from '../core/compile';

const GAMMA = 0.9;
const FQI_ROUNDS = 6;

/** One logged step: the chosen action's features, its reward, and the next decision's options. */
interface Transition {
  readonly phi: Float64Array;
  readonly reward: number;
  readonly next: Float64Array[];
}

/**
 * Logs trajectories of a randomised nearest-first policy on a sub-problem
 * (a window of consecutive jobs in date order): each step fills one slot,
 * reward = -(change of F), coverage included in units of 1 000 so that
 * leaving a slot empty is costly without swamping the rest.
 */
function logEpisode(
  c: CompiledInstance,
  jobs: readonly number[],
  rng: Rng,
  out: Transition[],
): void {
  const state = new SolutionState(c);
  const steps: { phi: Float64Array; reward: number }[] = [];
  const options: Float64Array[][] = [];
  for (const job of jobs) {
    for (let role = 0; role < 2; role++) {
      const slot = 2 * job + role;
      if (c.pinned[slot]! >= 0) continue;
      const d = decisionAt(state, slot);
      if (d.candidates.length === 0) continue;
      // Behaviour policy: mostly one of the three nearest, sometimes any.
      const k =
        rng.next() < 0.7 ? rng.int(Math.min(3, d.candidates.length)) : rng.int(d.candidates.length);
      const reward = -state.addCost(slot, d.candidates[k]!);
      options.push(d.features);
      steps.push({ phi: d.features[k]!, reward });
      state.move(slot, d.candidates[k]!);
    }
  }
  steps.forEach((s, i) => out.push({ ...s, next: options[i + 1] ?? [] }));
}

/** Ridge regression of targets on features (normal equations, Gaussian elimination). */
function ridge(rows: readonly Float64Array[], y: readonly number[], lambda = 1e-3): Float64Array {
  const n = FEATURE_COUNT;
  const a = Array.from({ length: n }, () => new Float64Array(n + 1));
  rows.forEach((f, r) => {
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) a[i]![j] = a[i]![j]! + f[i]! * f[j]!;
      a[i]![n] = a[i]![n]! + f[i]! * y[r]!;
    }
  });
  for (let i = 0; i < n; i++) a[i]![i] = a[i]![i]! + lambda * rows.length;
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

/**
 * `offline_rl`: fitted Q iteration on logged assignment trajectories.
 * Q(s, a) = w . phi(s, a) is refitted FQI_ROUNDS times to the Bellman targets
 * r + gamma * max_a' Q(s', a') of the logged transitions; the policy then
 * acts greedily on Q (date order, hard constraints enforced by only offering
 * free eligible candidates), then the core's local search improves that
 * solution (learned construction + local search). Reports the held-out TD error.
 */
export const offlineRl: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const started = performance.now();
  const order = jobsInDateOrder(c);
  const windowJobs = Math.min(order.length, 40);
  const episodes = ctx.iterationLimit(60);
  const log: Transition[] = [];
  for (
    let e = 0;
    e < episodes &&
    performance.now() - started < ctx.options.timeLimitMs * 0.4 &&
    !ctx.shouldStop();
    e++
  ) {
    const from = ctx.rng.int(Math.max(1, order.length - windowJobs + 1));
    logEpisode(c, order.slice(from, from + windowJobs), ctx.rng, log);
    await ctx.pause();
  }
  const split = Math.floor(log.length * 0.8);
  const train = log.slice(0, split);
  const test = log.slice(split);
  const q = new LinearScorer();
  const targets = (set: readonly Transition[]) =>
    set.map(
      (t) => t.reward + (t.next.length ? GAMMA * Math.max(...t.next.map((f) => q.score(f))) : 0),
    );
  const t0 = performance.now();
  if (train.length >= 30) {
    for (let round = 0; round < FQI_ROUNDS; round++)
      q.w.set(
        ridge(
          train.map((t) => t.phi),
          targets(train),
        ),
      );
  }
  const y = targets(test);
  const tdMse = test.length
    ? test.reduce((s, t, i) => s + (q.score(t.phi) - y[i]!) ** 2, 0) / test.length
    : NaN;
  const stats = {
    model: 'linear Q over 7 candidate features, fitted Q iteration (ridge), gamma 0.9',
    training_data: `${train.length} logged transitions from ${episodes} randomised-greedy episodes on ${windowJobs}-job windows`,
    held_out_transitions: test.length,
    held_out_td_mse: Number(tdMse.toFixed(4)),
    training_ms: Math.round(performance.now() - t0),
    total_ms: Math.round(performance.now() - started),
  };
  if (train.length < 30) {
    ctx.offer(decodeGreedy(c, { score: (f) => -f[1]! }), 'fallback: nearest first');
    return { stats: { ...stats, too_little_data: true, fallback: 'nearest-first greedy' } };
  }
  const construction = decodeGreedy(c, q);
  const improved = await learnedConstructionThenLocalSearch(ctx, construction, 'offline_rl');
  return { stats: { ...stats, ...improved } };
};
