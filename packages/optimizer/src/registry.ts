import type { AlgorithmKey } from '@meridian/domain';
import type { Algorithm } from './core/context';
import { balancedHeuristic } from './greedy/balanced-heuristic';
import { heuristic } from './greedy/heuristic';
import { monteCarlo } from './greedy/monte-carlo';
import { alns } from './local-search/alns';
import { ils } from './local-search/ils';
import { simulatedAnnealing } from './local-search/simulated-annealing';
import { tabuSearch } from './local-search/tabu';
import { antColony } from './population/ant-colony';
import { genetic } from './population/genetic';
import { portfolio } from './portfolio/portfolio';
import { milp } from './exact/milp';
import { cpSat } from './exact/cp-sat';
import { predictThenOptimize } from './learned/predict-then-optimize';
import { mlPredictive } from './learned/ml-predictive';
import { offlineRl } from './learned/offline-rl';
import { drl } from './learned/drl';

/**
 * Every catalogue key mapped to the method it names. To add an algorithm:
 * write `(ctx: AlgorithmContext) => Promise<AlgorithmOutcome>` in its family
 * folder, offer solutions through ctx.offer(state), honour ctx.shouldStop()
 * (and `await ctx.pause()` in outer loops), and put it here.
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
  // exact/ and learned/ are the other OR engineer's.
  milp,
  cp_sat: cpSat,
  predict_then_optimize: predictThenOptimize,
  ml_predictive: mlPredictive,
  offline_rl: offlineRl,
  drl,
};
