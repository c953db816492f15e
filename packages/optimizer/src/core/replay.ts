import type { AlgorithmKey } from '@meridian/domain';
import type { AlgorithmContext, AlgorithmOutcome } from './context';

/**
 * The methods whose search is a function of the seed, the recorded recipe
 * and the input: they read the clock only to answer "stop now?" between
 * units of work (ctx.shouldStop, ctx.stopWithinStep, ctx.phaseOver, whose
 * stopping answers the run records) and through ctx.schedule's knots, so a
 * recorded run replays. cp_sat gives each solver call a conflict budget and
 * sizes its neighbourhoods by their outcomes; the learned methods size their
 * teacher, training and policy updates by counts (windows, epochs, rounds,
 * updates) whose time-bound ends are recorded phases, and their ILS polish
 * records its own recipe (predict_then_optimize says so when HiGHS stopped
 * on its limit). milp by role: its ALNS warm start records its segments'
 * recipes, and each HiGHS thread stops only at one of HiGHS's interrupt
 * callbacks, whose count (single-threaded HiGHS, the same model) is a
 * function of HiGHS's own work, and records which calls stopped it
 * (MilpRecipe, exact/milp-role-stops.mjs); milp on the whole model or by date
 * windows hands HiGHS a time limit and says it cannot replay.
 */
const ITERATION_BOUND: ReadonlySet<AlgorithmKey> = new Set<AlgorithmKey>([
  'heuristic',
  'balanced_heuristic',
  'monte_carlo',
  'ils',
  'alns',
  'ts',
  'mcmc_sa',
  'ga',
  'aco',
  'portfolio',
  'cp_sat',
  'predict_then_optimize',
  'ml_predictive',
  'offline_rl',
  'drl',
  'milp',
]);

/**
 * Why a finished run cannot be replayed from its recipe, or null when it can:
 * its method is bound by the clock, it was cancelled, or (the portfolio) one
 * of its members' runs could not be replayed.
 */
export function replayBlocker(
  key: AlgorithmKey,
  ctx: AlgorithmContext,
  outcome: AlgorithmOutcome,
): string | null {
  if (!ITERATION_BOUND.has(key))
    return `${key} is bound by the clock (its solver's time limit), not by iterations`;
  if (ctx.isCancelled) return 'the run was cancelled';
  return outcome.notReplayableBecause ?? null;
}
