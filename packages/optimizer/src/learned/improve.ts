import { AlgorithmContext } from '../core/context';
import type { SolutionState } from '../core/solution';
import { fillEmptySlots } from '../core/coverage';
import { balancedGreedy } from '../greedy/balanced-heuristic';
import { ils } from '../local-search/ils';
import { heuristicSolution } from './evaluate';

const POLISH_UNIT = 'ils iteration of the polish (training is counted apart)';

const round1 = (x: number) => Number(x.toFixed(1));

/**
 * The second stage of every learned method: learned construction + local
 * search. The learned model (scores, Q function or policy) builds the
 * solution; the core's iterated local search then polishes it for the rest of
 * the budget (or the run's iteration cap), starting from that solution. The
 * stats keep the two stages apart: the construction's F against the greedy
 * starts (`heuristic`, and `balanced_heuristic`, where plain `ils` starts),
 * the polish's F, time and gain, and `learning_adds`, which says in words
 * whether the learned start was measurably better than those greedy starts.
 * The polish reports its progress through the run's own.
 */
export async function learnedConstructionThenLocalSearch(
  ctx: AlgorithmContext,
  construction: SolutionState,
  key: string,
  constructionMs: number,
): Promise<Record<string, unknown>> {
  const greedy = heuristicSolution(ctx.compiled);
  const balanced = balancedGreedy(ctx.compiled);
  fillEmptySlots(balanced);
  ctx.offer(construction, `${key} (learned construction)`);
  ctx.report(`${key}: learned construction F ${construction.total.toFixed(1)}`, 0.5, true);
  const beatsHeuristic = construction.total < greedy.total - 1e-9;
  const beatsBalanced = construction.total < balanced.total - 1e-9;
  return {
    method: 'learned construction + local search (ils from the learned solution)',
    learned_construction_objective: round1(construction.total),
    learned_construction_ms: Math.round(constructionMs),
    heuristic_objective: round1(greedy.total),
    balanced_heuristic_objective: round1(balanced.total),
    learned_construction_beats_heuristic: beatsHeuristic,
    learned_construction_beats_balanced_heuristic: beatsBalanced,
    learning_adds: beatsBalanced
      ? `a start ${round1(greedy.total - construction.total)} below heuristic's F and ${round1(balanced.total - construction.total)} below balanced_heuristic's (plain ils's start); whether the polish keeps that lead, only ILS from a greedy start for the same polish time can tell (npm run bench prints it beside this key)`
      : `nothing measurable: the learned construction (F ${round1(construction.total)}) is no better than balanced_heuristic's (F ${round1(balanced.total)}), the start plain ils uses; the result is the polish's`,
    ...(await polish(ctx, construction, key)),
  };
}

/**
 * The open fallback of a learned method that has nothing trustworthy to
 * build with: `heuristic`'s solution, polished by the same local search.
 * The stats name the fallback and its reason, and say that learning added
 * nothing to this result.
 */
export async function fallbackThenLocalSearch(
  ctx: AlgorithmContext,
  key: string,
  reason: string,
): Promise<Record<string, unknown>> {
  const start = heuristicSolution(ctx.compiled);
  ctx.offer(start, `${key}: fallback to heuristic`);
  return {
    method: 'fallback: heuristic + local search (ils from the heuristic solution)',
    fallback: `heuristic: ${reason}`,
    learning_adds: `nothing: no learned model was used (${reason}); the result is ils from heuristic's solution`,
    heuristic_objective: round1(start.total),
    ...(await polish(ctx, start, `${key} (fallback)`)),
  };
}

/**
 * The core's ILS from `start` for the time left before the run's deadline
 * (the finishing reserve stays kept back), in a context of its own: its
 * schedule's knots and stop tests are placed and recorded as plain `ils`'s
 * are, and the run's recipe carries its recipe (`polish`), which a replay
 * hands back to it. Whether it runs at all is the run's recorded stop test.
 */
async function polish(
  ctx: AlgorithmContext,
  start: SolutionState,
  label: string,
): Promise<Record<string, unknown>> {
  // A deadline already passed makes this test say stop (and the run records that it did).
  if (ctx.shouldStop())
    return {
      after_local_search_objective: round1(ctx.best.total),
      polish_ms: 0,
      polish_gain: 0,
      iterations: 0,
      iteration_unit: POLISH_UNIT,
      local_search: 'no time left',
    };
  const { replay: _ownRecipe, ...options } = ctx.options;
  const polishReplay = ctx.polishReplay;
  const sub = new AlgorithmContext(
    ctx.instance,
    ctx.compiled,
    {
      ...options,
      // The replay's own limit keeps the clock as its safety stop; the recipe decides.
      timeLimitMs: Math.max(0, ctx.remainingMs),
      initial: start.assign.slice(),
      ...(polishReplay ? { replay: polishReplay } : {}),
    },
    ctx.signal,
    (progress) => {
      // Keep the run's best current, so its progress shows the polish's best objective.
      ctx.offer(sub.best, `${label}: local search`);
      ctx.report(`${label}: local search, ${progress.message}`, 0.5 + 0.5 * progress.fraction);
    },
    { now: ctx.now },
  );
  const started = ctx.now();
  const outcome = await ils(sub);
  const polishMs = ctx.now() - started;
  if (sub.isTimedOut) ctx.isTimedOut = true;
  ctx.recordPolish(sub.replayRecipe(outcome.stats?.iterations as number | undefined));
  ctx.offer(sub.best, `${label}: local search`);
  return {
    after_local_search_objective: round1(sub.best.total),
    polish_ms: Math.round(polishMs),
    // F the polish took off its start (the learned construction or the fallback's).
    polish_gain: round1(start.total - sub.best.total),
    iterations: outcome.stats?.iterations ?? 0,
    iteration_unit: POLISH_UNIT,
    local_search: outcome.stats,
  };
}
