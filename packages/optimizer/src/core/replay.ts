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
 * records its own recipe. HiGHS (milp on every path, predict_then_optimize's
 * MILP) stops only at one of its interrupt callbacks, whose count
 * (single-threaded HiGHS, the same model and options) is a function of its
 * own work, or where its thread was terminated, and the run records which
 * (exact/milp-role-stops.ts): by role with its ALNS warm start's segment
 * recipes (MilpRecipe), on the whole model, by date windows and in
 * predict_then_optimize per HiGHS run with the options it ran with
 * (HighsRecipe). Only a crashed HiGHS thread is not replayable.
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
