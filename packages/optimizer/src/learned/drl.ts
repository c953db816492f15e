import type { Algorithm } from '../core/context';
import { StepTimer } from '../core/context';
import { argmaxScore, construct } from './construct';
import type { Chooser } from './construct';
import { FEATURE_COUNT } from './features';
import { teacherBudgetMs } from './imitation';
import { fallbackThenLocalSearch, learnedConstructionThenLocalSearch } from './improve';
import { MlpPolicy } from './mlp';
import { softmax } from './models';
import { sampleRun, splitHeldOut, windowOf, windowSize } from './windows';
import type { Window } from './windows';

const HIDDEN = 16;
/** Trajectories sampled per window; their mean F is each one's baseline. */
const SAMPLES = 4;
const LEARNING_RATE = 0.03;
/** At most this many jobs per training window: short episodes give more policy updates in the budget. */
const MAX_WINDOW_JOBS = 32;
/** The untrained policy's preference for near candidates: score -4 per 100 miles (argmax = nearest free). */
const PRIOR_PER_100_MILES = -4;

/** One sampled trajectory: each step's candidate features, the policy's probabilities and the choice. */
interface Trajectory {
  readonly steps: { features: Float64Array[]; probs: number[]; chosen: number }[];
  total: number;
}

/** Samples a trajectory of the policy on a window (softmax over each slot's free candidates). */
function sample(policy: MlpPolicy, window: Window, next: () => number): Trajectory {
  const steps: Trajectory['steps'] = [];
  const chooser: Chooser = (d) => {
    const probs = softmax(d.features.map((f) => policy.score(f)));
    let u = next();
    let k = 0;
    while (k < probs.length - 1 && (u -= probs[k]!) > 0) k++;
    steps.push({ features: d.features, probs, chosen: k });
    return k;
  };
  return { steps, total: construct(window.compiled, chooser).state.total };
}

/**
 * One REINFORCE update from a batch of trajectories on one window: each
 * one's advantage is -(its F - the batch's mean F) / spread. `grad` is
 * scratch space, reused across updates.
 */
function reinforce(policy: MlpPolicy, batch: Trajectory[], grad: Float64Array): void {
  const mean = batch.reduce((s, t) => s + t.total, 0) / SAMPLES;
  const spread = Math.sqrt(batch.reduce((s, t) => s + (t.total - mean) ** 2, 0) / SAMPLES);
  grad.fill(0);
  for (const t of batch) {
    const advantage = spread > 1e-9 ? -(t.total - mean) / spread : 0;
    if (advantage === 0) continue;
    // d log softmax_k / d score_j = 1[j = k] - p_j
    for (const s of t.steps)
      s.features.forEach((f, j) =>
        policy.accumulate(
          f,
          (advantage * ((j === s.chosen ? 1 : 0) - s.probs[j]!)) / SAMPLES,
          grad,
        ),
      );
  }
  policy.ascend(grad, LEARNING_RATE);
}

/**
 * `drl`: a neural policy (linear part + 16 tanh units, softmax over a slot's
 * free candidates) trained by policy gradient (REINFORCE) on windows sampled
 * from the instance: per update, SAMPLES trajectories on one window, each
 * with advantage -(its F - the batch's mean F) / spread, so the
 * reward is the exact objective, coverage included. The policy starts as
 * "nearest free candidate" (its linear prior), which is also its baseline:
 * if after training its greedy decoding does not beat that baseline on
 * held-out windows (or no episode ran), it says so and falls back openly to
 * `heuristic`, the baseline's own solution. Otherwise the trained policy
 * builds the solution in date order and the core's Iterated Local Search
 * polishes it (improve.ts).
 */
export const drl: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const started = ctx.now();
  const startedAtMs = ctx.elapsedMs;
  const rng = ctx.rng.fork();
  const size = Math.min(MAX_WINDOW_JOBS, windowSize(c));
  const split = splitHeldOut(c, rng, size, 2);
  const heldOut = split.heldOut.map((jobs) => windowOf(c, jobs));
  // Too small to hold windows out: the comparison with the baseline is made on the whole instance.
  const judged = heldOut.length > 0 ? heldOut : [windowOf(c, split.pool)];
  const prior = new Float64Array(FEATURE_COUNT);
  prior[1] = PRIOR_PER_100_MILES;
  const policy = new MlpPolicy(HIDDEN, rng.fork(), prior);
  const greedy: Chooser = (d) => argmaxScore(policy, d);
  const judge = () => judged.reduce((s, w) => s + construct(w.compiled, greedy).state.total, 0);
  const baseline = judge();
  const budget = teacherBudgetMs(ctx, 0.4);
  // The updates' share of the time is a phase: the run records after how many updates it ended.
  const until = startedAtMs + budget;
  const updates = ctx.iterationLimit(2000);
  const grad = new Float64Array(policy.size);
  const step = new StepTimer(ctx.now);
  let done = 0;
  for (
    ;
    done < updates &&
    !ctx.shouldStop(step.longestMs) &&
    !ctx.phaseOver('policy updates', until, step.longestMs);
    done++
  ) {
    const window = windowOf(c, sampleRun(split.pool, rng, size));
    const batch = Array.from({ length: SAMPLES }, () => sample(policy, window, () => rng.next()));
    reinforce(policy, batch, grad);
    ctx.report(
      `policy gradient: update ${done + 1}, ${(done + 1) * SAMPLES} episodes`,
      0.4 * Math.max((done + 1) / updates, (ctx.now() - started) / budget),
    );
    await ctx.pause();
    step.lap();
  }
  const trained = done > 0 ? judge() : baseline;
  const beatsBaseline = trained < baseline - 1e-9;
  const stats: Record<string, unknown> = {
    model: `MLP policy (linear part + ${HIDDEN} tanh units, softmax over a slot's free candidates), REINFORCE with the batch mean of ${SAMPLES} trajectories per window as baseline, Adam`,
    training_data: `${done * SAMPLES} episodes (${done} updates of ${SAMPLES}) on windows of ${size} jobs sampled from the instance`,
    training_episodes: done * SAMPLES,
    training_updates: done,
    training_ms: Math.round(ctx.now() - started),
    policy_baseline: 'the untrained policy: nearest free candidate first (= heuristic)',
    held_out_windows: heldOut.length,
    held_out_baseline_objective: Number(baseline.toFixed(1)),
    held_out_trained_objective: Number(trained.toFixed(1)),
    trained_policy_beats_baseline: beatsBaseline,
    ...(heldOut.length === 0
      ? { compared_on: 'the whole instance (too small to hold windows out)' }
      : {}),
  };
  if (!beatsBaseline) {
    const reason =
      done === 0
        ? 'no training episode ran'
        : `after ${done * SAMPLES} episodes the policy does not beat its baseline on held-out windows`;
    return { stats: { ...stats, ...(await fallbackThenLocalSearch(ctx, 'drl', reason)) } };
  }
  ctx.report('drl: building the learned construction', 0.42, true);
  const t1 = ctx.now();
  const construction = construct(c, greedy).state;
  const improved = await learnedConstructionThenLocalSearch(
    ctx,
    construction,
    'drl',
    ctx.now() - t1,
  );
  return { stats: { ...stats, ...improved } };
};
