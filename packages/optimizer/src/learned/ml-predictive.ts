import type { Algorithm } from '../core/context';
import { argmaxScore, construct } from './construct';
import { learnScorer } from './imitation';
import { fallbackThenLocalSearch, learnedConstructionThenLocalSearch } from './improve';

/**
 * `ml_predictive`: a model trained inside the run scores each slot's free
 * candidates (a conditional logit learned from a teacher's solutions of
 * windows of the instance); assignment follows the learned scores in date
 * order under the hard constraints, ejection chains fill what is left, and
 * the core's Iterated Local Search polishes that solution for the rest of the
 * budget (improve.ts).
 * With too little data it says so and falls back to `heuristic`, by name.
 */
export const mlPredictive: Algorithm = async (ctx) => {
  const { model, stats } = await learnScorer(ctx);
  if (!model)
    return {
      stats: {
        ...stats,
        ...(await fallbackThenLocalSearch(ctx, 'ml_predictive', 'too little training data')),
      },
    };
  ctx.report('ml_predictive: building the learned construction', 0.42, true);
  const t0 = ctx.now();
  const construction = construct(ctx.compiled, (d) => argmaxScore(model, d)).state;
  const improved = await learnedConstructionThenLocalSearch(
    ctx,
    construction,
    'ml_predictive',
    ctx.now() - t0,
  );
  return { stats: { ...stats, ...improved } };
};
