import type { AlgorithmKey } from '@meridian/domain';
import type { Algorithm } from './core/context';
import { heuristic } from './greedy/heuristic';
import { milp } from './exact/milp';
import { cpSat } from './exact/cp-sat';
import { drl } from './learned/drl';
import { mlPredictive } from './learned/ml-predictive';
import { offlineRl } from './learned/offline-rl';
import { predictThenOptimize } from './learned/predict-then-optimize';

/** Placeholder for a key whose method has not landed yet: fails loudly, never fakes a result. */
const notImplementedYet =
  (key: AlgorithmKey): Algorithm =>
  () =>
    Promise.reject(new Error(`${key}: not implemented yet`));

/**
 * Every catalogue key mapped to the method it names. To add an algorithm:
 * write `(ctx: AlgorithmContext) => Promise<AlgorithmOutcome>` in its family
 * folder, offer solutions through ctx.offer(state), honour ctx.shouldStop(),
 * and put it here.
 */
export const ALGORITHM_REGISTRY: Record<AlgorithmKey, Algorithm> = {
  heuristic,
  balanced_heuristic: notImplementedYet('balanced_heuristic'),
  monte_carlo: notImplementedYet('monte_carlo'),
  ils: notImplementedYet('ils'),
  alns: notImplementedYet('alns'),
  ts: notImplementedYet('ts'),
  mcmc_sa: notImplementedYet('mcmc_sa'),
  ga: notImplementedYet('ga'),
  aco: notImplementedYet('aco'),
  portfolio: notImplementedYet('portfolio'),
  // Owned by the exact/ and learned/ engineer: placeholders ONLY until their methods land.
  milp,
  cp_sat: cpSat,
  predict_then_optimize: predictThenOptimize,
  ml_predictive: mlPredictive,
  offline_rl: offlineRl,
  drl,
};
