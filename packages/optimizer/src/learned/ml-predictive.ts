import type { Algorithm, AlgorithmContext } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import { nearestFeasibleGreedy } from '../greedy/heuristic';
import { decodeGreedy } from './decode';
import { learnedConstructionThenLocalSearch } from './improve';
import { topOneAccuracy, trainConditionalLogit } from './models';
import type { LinearScorer } from './models';
import { teacherData } from './teacher';

/** Below this many labelled decisions the model is not trusted. */
export const MIN_EXAMPLES = 30;

/** Trains the candidate scorer on exactly solved sub-problems; null (with stats) when data is too thin. */
export async function trainScorer(
  ctx: AlgorithmContext,
): Promise<{ model: LinearScorer | null; stats: Record<string, unknown> }> {
  const budget = Math.min(ctx.options.timeLimitMs * 0.4, 20_000);
  const data = await teacherData(ctx, ctx.iterationLimit(120), budget);
  const t0 = performance.now();
  const stats: Record<string, unknown> = {
    model: 'conditional logit (softmax over a slot’s free candidates), 7 features',
    training_data: `${data.train.length} decisions from ${data.subProblems} job windows, labelled by a local optimum of the instance (greedy + descent)`,
    held_out_decisions: data.heldOut.length,
    data_ms: Math.round(data.ms),
  };
  if (data.train.length < MIN_EXAMPLES)
    return { model: null, stats: { ...stats, too_little_data: true } };
  const model = trainConditionalLogit(data.train, ctx.rng.fork());
  return {
    model,
    stats: {
      ...stats,
      training_ms: Math.round(performance.now() - t0),
      held_out_top1_accuracy: Number(topOneAccuracy(model, data.heldOut).toFixed(3)),
      weights: Array.from(model.w, (w) => Number(w.toFixed(3))),
    },
  };
}

/**
 * `ml_predictive`: a model trained inside the run scores (job, slot,
 * physicist) candidates; assignment follows the learned scores in date order
 * under the hard constraints, and the core's local search improves that
 * solution for the rest of the budget (learned construction + local search).
 * With too little data it says so and falls back to the nearest-feasible
 * heuristic.
 */
export const mlPredictive: Algorithm = async (ctx) => {
  const { model, stats } = await trainScorer(ctx);
  if (!model) {
    const state = nearestFeasibleGreedy(ctx.compiled);
    fillEmptySlots(state);
    ctx.offer(state, 'fallback: heuristic');
    return { stats: { ...stats, fallback: 'heuristic (too little training data)' } };
  }
  const construction = decodeGreedy(ctx.compiled, model);
  const improved = await learnedConstructionThenLocalSearch(ctx, construction, 'ml_predictive');
  return { stats: { ...stats, ...improved } };
};
