import type { Algorithm } from '../core/context';
import type { CompiledInstance } from '../core/compile';
import type { Rng } from '../core/rng';
import { SolutionState } from '../core/solution';
import { jobsInDateOrder } from '../greedy/heuristic';
import { decodeGreedy } from './decode';
import { learnedConstructionThenLocalSearch } from './improve';
import { decisionAt } from './features';
import { MlpScorer, softmax } from './models';

const HIDDEN = 12;
const LEARNING_RATE = 0.02;
const WINDOW_JOBS = 30;

/** Runs one episode on a window with the policy (sampled or greedy); returns its cost and the taken steps. */
function episode(c: CompiledInstance, jobs: readonly number[], policy: MlpScorer, rng: Rng | null) {
  const state = new SolutionState(c);
  const steps: { features: Float64Array[]; probs: number[]; chosen: number; cost: number }[] = [];
  for (const job of jobs) {
    for (let role = 0; role < 2; role++) {
      const slot = 2 * job + role;
      if (c.pinned[slot]! >= 0) continue;
      const d = decisionAt(state, slot);
      if (d.candidates.length === 0) continue;
      const probs = softmax(d.features.map((f) => policy.score(f)));
      let k = probs.indexOf(Math.max(...probs));
      if (rng) {
        let u = rng.next();
        k = 0;
        while (k < probs.length - 1 && (u -= probs[k]!) > 0) k++;
      }
      const cost = state.moveDelta(slot, d.candidates[k]!);
      state.move(slot, d.candidates[k]!);
      steps.push({ features: d.features, probs, chosen: k, cost });
    }
  }
  return { steps, cost: steps.reduce((s, x) => s + x.cost, 0) };
}

/**
 * `drl`: a small MLP policy (softmax over a slot's free candidates) trained
 * by REINFORCE with a baseline on sub-instances sampled from the data
 * (windows of consecutive jobs); reward is -(change of F) per step, using
 * reward-to-go. Training stops at 40% of the time limit or the iteration cap;
 * the solution is the trained policy's greedy decoding on the full instance.
 */
export const drl: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const started = performance.now();
  const rng = ctx.rng;
  const order = jobsInDateOrder(c);
  const policy = new MlpScorer(HIDDEN, rng.fork());
  // Start near "nearest first" so that early episodes are sensible.
  const window = () => {
    const n = Math.min(order.length, WINDOW_JOBS);
    const from = rng.int(Math.max(1, order.length - n + 1));
    return order.slice(from, from + n);
  };
  const heldOut = Array.from({ length: 4 }, window);
  const evalHeldOut = () =>
    heldOut.reduce((s, w) => s + episode(c, w, policy, null).cost, 0) / heldOut.length;
  const before = evalHeldOut();
  const iterations = ctx.iterationLimit(300);
  let baseline: number[] = [];
  let done = 0;
  for (
    ;
    done < iterations &&
    performance.now() - started < ctx.options.timeLimitMs * 0.4 &&
    !ctx.shouldStop();
    done++
  ) {
    const ep = episode(c, window(), policy, rng);
    // Reward-to-go per step, scaled so that one unit is about one slot's typical cost.
    let togo = 0;
    const returns = ep.steps.map(() => 0);
    for (let t = ep.steps.length - 1; t >= 0; t--)
      returns[t] = togo = -ep.steps[t]!.cost / 10 + togo;
    baseline = returns.map((g, t) => 0.9 * (baseline[t] ?? g) + 0.1 * g);
    ep.steps.forEach((s, t) => {
      const advantage = Math.max(-5, Math.min(5, returns[t]! - (baseline[t] ?? 0)));
      // d log softmax / d score_k = 1[k = chosen] - p_k
      s.features.forEach((f, k) =>
        policy.ascend(
          f,
          advantage * ((k === s.chosen ? 1 : 0) - s.probs[k]!),
          (LEARNING_RATE / Math.max(1, ep.steps.length)) * 10,
        ),
      );
    });
    if (done % 10 === 0) await ctx.pause();
  }
  const after = evalHeldOut();
  const construction = decodeGreedy(c, policy);
  const improved = await learnedConstructionThenLocalSearch(ctx, construction, 'drl');
  return {
    stats: {
      ...improved,
      model: `MLP ${HIDDEN} tanh hidden units, softmax over candidates, REINFORCE with a moving baseline`,
      training_data: `${done} episodes on sampled ${Math.min(order.length, WINDOW_JOBS)}-job windows`,
      training_ms: Math.round(performance.now() - started),
      held_out_window_cost_before: Number(before.toFixed(2)),
      held_out_window_cost_after: Number(after.toFixed(2)),
    },
  };
};
