import type { AlgorithmKey } from '@meridian/domain';
import type { Algorithm } from '../core/context';
import { balancedHeuristic } from '../greedy/balanced-heuristic';
import { heuristic } from '../greedy/heuristic';
import { monteCarlo } from '../greedy/monte-carlo';
import { alns } from '../local-search/alns';
import { ils } from '../local-search/ils';
import { simulatedAnnealing } from '../local-search/simulated-annealing';
import { tabuSearch } from '../local-search/tabu';
import { antColony } from '../population/ant-colony';
import { genetic } from '../population/genetic';
import { portfolio } from '../portfolio/portfolio';

/** An algorithm whose module is imported when it first runs. */
const lazy =
  (load: () => Promise<Algorithm>): Algorithm =>
  async (ctx) =>
    (await load())(ctx);

/**
 * Every catalogue key mapped to the method it names. To add an algorithm:
 * write `(ctx: AlgorithmContext) => Promise<AlgorithmOutcome>` in its family
 * folder, offer solutions through ctx.offer(state), honour ctx.shouldStop()
 * between iterations and ctx.stopWithinStep() inside one (and `await
 * ctx.pause()` in outer loops), read schedules through ctx.schedule, and put
 * it here; if it reads the clock otherwise, leave it out of core/replay.ts.
 */
export const ALGORITHM_REGISTRY: Record<AlgorithmKey, Algorithm> = {
  heuristic,
  balanced_heuristic: balancedHeuristic,
  monte_carlo: monteCarlo,
  ils,
  alns,
  ts: tabuSearch,
  mcmc_sa: simulatedAnnealing,
  ga: genetic,
  aco: antColony,
  portfolio,
  // Loaded on first use, so a worker thread (or portfolio member) that never runs
  // them does not load their code. exact/: milp runs HiGHS (WebAssembly) on a
  // thread of its own (exact/highs-worker.ts, exact/milp-role-worker.ts); cp_sat
  // is CP-SAT style: our clause-learning solver with neighbourhood search
  // (exact/cp-sat-solver.ts, exact/cp-sat.ts), no solver library. learned/: a
  // construction trained within the run, then an Iterated Local Search polish
  // (learned/improve.ts); predict_then_optimize re-solves its least confident
  // jobs with HiGHS in between.
  milp: lazy(async () => (await import('../exact/milp')).milp),
  cp_sat: lazy(async () => (await import('../exact/cp-sat')).cpSat),
  predict_then_optimize: lazy(
    async () => (await import('../learned/predict-then-optimize')).predictThenOptimize,
  ),
  ml_predictive: lazy(async () => (await import('../learned/ml-predictive')).mlPredictive),
  offline_rl: lazy(async () => (await import('../learned/offline-rl')).offlineRl),
  drl: lazy(async () => (await import('../learned/drl')).drl),
};
