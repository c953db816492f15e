import type { Algorithm } from '../core/context';
import { SolutionState } from '../core/solution';
import { slotCandidates } from '../core/compile';
import { buildMilpModel } from '../exact/milp-model';
import {
  allJobs,
  endedOnTimeLimit,
  remainingSec,
  solveModel,
  stateFromX,
} from '../exact/milp-solve';
import { construct } from './construct';
import { learnScorer } from './imitation';
import { fallbackThenLocalSearch, learnedConstructionThenLocalSearch } from './improve';
import { softmax } from './models';

/** Candidates per slot kept by the prediction (keeps the MILP small enough to finish at 1,000 jobs). */
const TOP_K = 4;
/** Weight of the predicted cost, in units of F per nat of -log p. */
const BLEND = 0.02;
/** Share of the time left that HiGHS may use; the rest is the polish's. */
const MILP_SHARE = 0.5;

/**
 * `predict_then_optimize`: the learned model (the conditional logit of
 * `ml_predictive`, trained on a teacher's solutions of windows) predicts, for
 * each slot, a probability p over its free candidates while it builds its own
 * date-order solution; the optimiser is the exact model of F (HiGHS MILP:
 * miles, balance, rotation, every hard constraint) over each slot's TOP_K
 * predicted candidates, with the predicted cost BLEND * -log p added per
 * (slot, physicist). The model's own solution is the warm start, and the
 * MILP's solution, judged on the true F, is the construction that the local
 * search then polishes. Falls back openly to `heuristic` without data.
 */
export const predictThenOptimize: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const P = c.physicistCount;
  const { model, stats } = await learnScorer(ctx);
  if (!model)
    return {
      stats: {
        ...stats,
        ...(await fallbackThenLocalSearch(
          ctx,
          'predict_then_optimize',
          'too little training data',
        )),
      },
    };
  const t0 = performance.now();
  const predicted = new Map<number, number>();
  const warm = construct(c, (d) => {
    const probs = softmax(d.features.map((f) => model.score(f)));
    const ranked = probs.map((pr, k) => ({ pr, k })).sort((a, b) => b.pr - a.pr);
    for (const r of ranked.slice(0, TOP_K)) predicted.set(d.slot * P + d.candidates[r.k]!, r.pr);
    return ranked[0]!.k;
  }).state;
  // The warm start must be a solution of the model: keep every slot's own choice (chains may have moved it).
  for (const slot of c.openSlots) {
    const p = warm.assign[slot]!;
    if (p >= 0 && !predicted.has(slot * P + p)) predicted.set(slot * P + p, 1e-3);
    // A slot the order left without a free candidate gets its nearest few, with no preference.
    if (![...slotCandidates(c, slot)].some((q) => predicted.has(slot * P + q)))
      for (const q of slotCandidates(c, slot).slice(0, TOP_K))
        predicted.set(slot * P + q, 1 / TOP_K);
  }
  const fixed = new SolutionState(c);
  const milpModel = buildMilpModel(c, allJobs(c), fixed, {
    allow: (slot, p) => predicted.has(slot * P + p),
    extraCost: (slot, p) => BLEND * -Math.log(Math.max(1e-6, predicted.get(slot * P + p) ?? 1e-6)),
  });
  ctx.report(
    `HiGHS over the top ${TOP_K} predicted candidates (${milpModel.xCount} binaries)`,
    0.45,
    true,
  );
  const run = await solveModel(ctx, milpModel, fixed, warm, MILP_SHARE * remainingSec(ctx, 0.2));
  const solved = run.x ? stateFromX(milpModel, fixed, run.x) : null;
  const construction = solved ?? warm;
  const improved = await learnedConstructionThenLocalSearch(
    ctx,
    construction,
    'predict_then_optimize',
    performance.now() - t0,
  );
  return {
    stats: {
      ...stats,
      optimiser: `HiGHS MILP of F over each slot's top ${TOP_K} predicted candidates, plus ${BLEND} * -log p per (slot, physicist)`,
      predicted_warm_start_objective: Number(warm.total.toFixed(1)),
      milp_binaries: milpModel.xCount,
      milp_outcome: run.outcome,
      milp_finished: run.outcome === 'done' && !endedOnTimeLimit(run),
      milp_proven_optimal_on_predictions: run.phase2?.optimal ?? false,
      milp_seconds: Number(run.seconds.toFixed(2)),
      ...improved,
    },
  };
};
