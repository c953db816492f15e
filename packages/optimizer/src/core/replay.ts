import type { AlgorithmKey } from '@meridian/domain';
import type { AlgorithmContext, AlgorithmOutcome } from './context';

/**
 * The methods whose search is a function of the seed, the schedule's knots
 * and the iteration index (they read the clock only to decide when to stop,
 * between iterations, and through ctx.schedule), so a recorded run replays.
 * Not here: milp and cp_sat hand their solver a time limit, and the learned
 * methods size their training by the clock; their runs are not replayable.
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
    return `${key} is bound by the clock (its solver's time limit or its training budget), not by iterations`;
  if (ctx.isCancelled) return 'the run was cancelled';
  return outcome.notReplayableBecause ?? null;
}
