import { AlgorithmContext } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import type { SolutionState } from '../core/solution';
import { nearestFeasibleGreedy } from '../greedy/heuristic';
import { ils } from '../local-search/ils';

const round1 = (x: number) => Number(x.toFixed(1));

/**
 * The second stage of every learned method: learned construction + local
 * search. The learned model (scores, Q function or policy) builds the
 * solution; the core's iterated local search then improves it for the rest of
 * the budget (or the run's iteration cap), starting from that solution. The
 * stats say how far the learned construction alone got and whether it beat
 * the date-order greedy (`heuristic`), so the two stages can be told apart.
 */
export async function learnedConstructionThenLocalSearch(
  ctx: AlgorithmContext,
  construction: SolutionState,
  key: string,
): Promise<Record<string, unknown>> {
  const greedy = nearestFeasibleGreedy(ctx.compiled);
  fillEmptySlots(greedy);
  ctx.offer(construction, `${key} (learned construction)`);
  const stats: Record<string, unknown> = {
    method: 'learned construction + local search (ils from the learned solution)',
    learned_construction_objective: round1(construction.total),
    heuristic_objective: round1(greedy.total),
    learned_construction_beats_heuristic: construction.total < greedy.total - 1e-9,
  };
  // The local search gets what is left before the run's deadline (the finishing reserve stays kept back).
  const remaining = ctx.remainingMs;
  if (ctx.shouldStop() || remaining <= 0) return { ...stats, local_search: 'no time left' };
  const sub = new AlgorithmContext(
    ctx.instance,
    ctx.compiled,
    { ...ctx.options, timeLimitMs: remaining, initial: construction.assign.slice() },
    ctx.signal,
  );
  const outcome = await ils(sub);
  if (sub.isTimedOut) ctx.isTimedOut = true;
  ctx.offer(sub.best, `${key}: learned construction + local search`);
  return {
    ...stats,
    after_local_search_objective: round1(sub.best.total),
    local_search: outcome.stats,
  };
}
