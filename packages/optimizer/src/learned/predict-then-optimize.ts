import type { Algorithm } from '../core/context';
import { SolutionState } from '../core/solution';
import { slotCandidates } from '../core/compile';
import type { CompiledInstance } from '../core/compile';
import { buildMilpModel } from '../exact/milp-model';
import {
  allJobs,
  endedOnTimeLimit,
  HighsRuns,
  remainingSec,
  solveModel,
  stateFromX,
} from '../exact/milp-solve';
import { construct } from './construct';
import { learnScorer } from './imitation';
import { fallbackThenLocalSearch, learnedConstructionThenLocalSearch } from './improve';
import { softmax } from './models';
import type { LinearScorer } from './models';

/** Candidates per slot kept by the prediction. */
const TOP_K = 3;
/** A job whose every slot's top prediction has at least this probability keeps the prediction's choice. */
const CONFIDENT = 0.7;
/** At most this many (the least confident) jobs go to the MILP, which keeps it small enough to finish at 1,000 jobs. */
const MAX_MILP_JOBS = 200;
/** Weight of the predicted cost, in units of F per nat of -log p. */
const BLEND = 0.02;
/** Share of the run's time for the teacher (less than the other learned methods: HiGHS needs its share). */
const TEACHER_SHARE = 0.25;
/** Share of the time left after training that HiGHS may use; the rest is the polish's. */
const MILP_SHARE = 0.75;

/**
 * The model's own date-order solution (the MILP's warm start), with each
 * (slot * P + physicist)'s predicted probability over the slots' TOP_K
 * candidates, and each job's confidence.
 */
function predictWarmStart(c: CompiledInstance, model: LinearScorer) {
  const P = c.physicistCount;
  const predicted = new Map<number, number>();
  // A job's confidence: its least confident slot's top probability (0 for a slot never decided).
  const confidence = new Float64Array(c.jobCount).fill(1);
  const decided = new Uint8Array(2 * c.jobCount);
  const warm = construct(c, (d) => {
    const probs = softmax(d.features.map((f) => model.score(f)));
    const ranked = probs.map((pr, k) => ({ pr, k })).sort((a, b) => b.pr - a.pr);
    for (const r of ranked.slice(0, TOP_K)) predicted.set(d.slot * P + d.candidates[r.k]!, r.pr);
    decided[d.slot] = 1;
    confidence[d.slot >> 1] = Math.min(confidence[d.slot >> 1]!, ranked[0]!.pr);
    return ranked[0]!.k;
  }).state;
  for (const slot of c.openSlots) if (!decided[slot]) confidence[slot >> 1] = 0;
  // The warm start must be a solution of the model: keep every slot's own choice (chains may have moved it).
  for (const slot of c.openSlots) {
    const p = warm.assign[slot]!;
    if (p >= 0 && !predicted.has(slot * P + p)) predicted.set(slot * P + p, 1e-3);
    // A slot the order left without a free candidate gets its nearest few, with no preference.
    if (![...slotCandidates(c, slot)].some((q) => predicted.has(slot * P + q)))
      for (const q of slotCandidates(c, slot).slice(0, TOP_K))
        predicted.set(slot * P + q, 1 / TOP_K);
  }
  return { warm, predicted, confidence };
}

/** The jobs the MILP re-decides: below CONFIDENT, least confident first, at most MAX_MILP_JOBS. */
function leastConfidentJobs(c: CompiledInstance, confidence: Float64Array): Set<number> {
  return new Set(
    allJobs(c)
      .filter((j) => confidence[j]! < CONFIDENT)
      .sort((a, b) => confidence[a]! - confidence[b]! || a - b)
      .slice(0, MAX_MILP_JOBS),
  );
}

/**
 * `predict_then_optimize`: the learned model (the conditional logit of
 * `ml_predictive`, trained on a teacher's solutions of windows) predicts, for
 * each slot, a probability p over its free candidates while it builds its own
 * date-order solution. Jobs where it is confident (every slot's top
 * candidate at least CONFIDENT) keep its choice; the optimiser re-decides the
 * others (the least confident, at most MAX_MILP_JOBS) with the exact model of
 * F (HiGHS MILP: miles, balance, rotation, every hard constraint) over each
 * slot's TOP_K predicted candidates, with the predicted cost BLEND * -log p
 * added per (slot, physicist). The model's own solution is the warm start,
 * and the MILP's solution, judged on the true F, is the construction that the
 * core's Iterated Local Search then polishes (improve.ts). Falls back openly to `heuristic` without data.
 * Replayable: HiGHS runs single-threaded with recorded options, and where
 * its time share stopped it is recorded in HiGHS's own work
 * (stats.replay.highs, HighsRuns), where a replay stops it again.
 */
export const predictThenOptimize: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const P = c.physicistCount;
  const { model, stats } = await learnScorer(ctx, TEACHER_SHARE);
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
  ctx.report('predict_then_optimize: building the learned construction', 0.42, true);
  const t0 = ctx.now();
  const { warm, predicted, confidence } = predictWarmStart(c, model);
  const unsure = leastConfidentJobs(c, confidence);
  const fixed = new SolutionState(c);
  for (const slot of c.openSlots)
    if (!unsure.has(slot >> 1) && warm.assign[slot]! >= 0) fixed.move(slot, warm.assign[slot]!);
  const milpModel = buildMilpModel(c, [...unsure], fixed, {
    allow: (slot, p) => predicted.has(slot * P + p),
    extraCost: (slot, p) => BLEND * -Math.log(Math.max(1e-6, predicted.get(slot * P + p) ?? 1e-6)),
  });
  ctx.report(
    `HiGHS on ${unsure.size} jobs over the top ${TOP_K} predicted candidates (${milpModel.xCount} binaries)`,
    0.45,
    true,
  );
  const runs = new HighsRuns(ctx);
  const run =
    unsure.size > 0
      ? await solveModel(ctx, milpModel, fixed, warm, MILP_SHARE * remainingSec(ctx, 0.2), runs)
      : null;
  const solved = run?.x ? stateFromX(milpModel, fixed, run.x) : null;
  const construction = solved ?? warm;
  const improved = await learnedConstructionThenLocalSearch(
    ctx,
    construction,
    'predict_then_optimize',
    ctx.now() - t0,
  );
  const iterations = improved.iterations;
  return {
    // The teacher's and the polish's recipe, with where HiGHS stopped.
    replay: {
      ...ctx.replayRecipe(typeof iterations === 'number' ? iterations : undefined),
      highs: runs.recipes,
    },
    ...(runs.blocker
      ? { notReplayableBecause: `${runs.blocker} inside predict_then_optimize` }
      : {}),
    stats: {
      ...stats,
      optimiser: `HiGHS MILP of F over each slot's top ${TOP_K} predicted candidates, plus ${BLEND} * -log p per (slot, physicist), on the jobs where the prediction is least sure`,
      predicted_warm_start_objective: Number(warm.total.toFixed(1)),
      milp_jobs: unsure.size,
      jobs_kept_as_predicted: c.jobCount - unsure.size,
      milp_binaries: milpModel.xCount,
      milp_outcome: run?.outcome ?? 'not needed: the prediction is confident on every job',
      milp_finished: run ? run.outcome === 'done' && !endedOnTimeLimit(run) : true,
      milp_proven_optimal_on_predictions: run?.phase2?.optimal ?? false,
      milp_seconds: Number((run?.seconds ?? 0).toFixed(2)),
      milp_highs_callbacks: run?.callbacks ?? null,
      ...improved,
    },
  };
};
