import type { Algorithm } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import { SolutionState } from '../core/solution';
import { nearestFeasibleGreedy } from '../greedy/heuristic';
import { buildMilpModel } from '../exact/milp-model';
import { allJobs, applyRun, remainingSec, solveModel } from '../exact/milp-solve';
import { decisionAt } from './features';
import { softmax } from './models';
import { learnedConstructionThenLocalSearch } from './improve';
import { trainScorer } from './ml-predictive';

/** Candidates per slot kept by the prediction (keeps the MILP small at any size). */
const TOP_K = 6;
/** Weight of the predicted preference, in units of F per nat of -log p. */
const BLEND = 0.05;

/**
 * `predict_then_optimize`: the learned model predicts a preference p(job,
 * physicist) for every slot's candidates (softmax of its scores on the
 * greedy solution); the MILP (HiGHS) then optimises over each slot's top-K
 * predicted candidates with F's cost plus BLEND * -log p. The result is
 * judged on the true F, and the core's local search improves the MILP's
 * solution for the rest of the budget (learned construction + local search).
 * Falls back openly to the heuristic without data.
 */
export const predictThenOptimize: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const { model, stats } = await trainScorer(ctx);
  const start = nearestFeasibleGreedy(c);
  fillEmptySlots(start);
  ctx.offer(start, 'start (heuristic)');
  if (!model) return { stats: { ...stats, fallback: 'heuristic (too little training data)' } };

  const preference = new Map<number, number>();
  const probe = start.clone();
  for (const slot of c.openSlots) {
    const p = probe.assign[slot]!;
    if (p >= 0) probe.move(slot, -1);
    const d = decisionAt(probe, slot);
    if (p >= 0) probe.move(slot, p);
    const probs = softmax(d.features.map((f) => model.score(f)));
    const ranked = d.candidates.map((q, k) => ({ q, pr: probs[k]! })).sort((a, b) => b.pr - a.pr);
    ranked.slice(0, TOP_K).forEach((r) => preference.set(slot * c.physicistCount + r.q, r.pr));
    if (p >= 0) preference.set(slot * c.physicistCount + p, probs[d.candidates.indexOf(p)] ?? 1e-3);
  }
  const fixed = new SolutionState(c);
  const milpModel = buildMilpModel(c, allJobs(c), fixed, {
    allow: (slot, p) => preference.has(slot * c.physicistCount + p),
    extraCost: (slot, p) =>
      BLEND * -Math.log(Math.max(1e-6, preference.get(slot * c.physicistCount + p) ?? 1e-6)),
  });
  // Half the remaining time for the MILP, the rest for the local search.
  const run = await solveModel(ctx, milpModel, fixed, start, 0.5 * remainingSec(ctx, 0.2));
  applyRun(ctx, milpModel, fixed, run);
  const improved = await learnedConstructionThenLocalSearch(
    ctx,
    ctx.best.clone(),
    'predict_then_optimize',
  );
  return {
    stats: {
      ...improved,
      ...stats,
      optimiser: `HiGHS MILP over the top ${TOP_K} predicted candidates per slot, objective F + ${BLEND} * -log p`,
      milp_binaries: milpModel.xCount,
      milp_outcome: run.outcome,
      milp_blended_optimal: run.phase2?.optimal ?? false,
    },
  };
};
