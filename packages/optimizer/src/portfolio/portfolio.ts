import type { AlgorithmKey } from '@meridian/domain';
import { assignmentVector } from '../core/assignment-vector';
import type { Algorithm, AlgorithmContext } from '../core/context';
import { SolutionState } from '../core/solution';
import { SolveWorker } from '../core/worker-runner';
import { startingState } from '../greedy/start';
import type { SolveResult } from '../contract';

/** The methods run side by side, one worker thread each. */
export const PORTFOLIO_MEMBERS: readonly AlgorithmKey[] = ['alns', 'ils', 'ts'];
const ROUNDS = 4;

interface MemberRecord {
  algorithm: AlgorithmKey;
  best: number;
  rounds_won: number;
}

/**
 * `portfolio`: several methods at once on worker threads within one budget.
 * The budget is cut into rounds; in each round every member starts from the
 * shared incumbent (the best any member has found so far) with its own seed
 * and the round's share of time (or of the iteration cap). The best result of
 * the round becomes the next shared incumbent; at the deadline the members
 * are cancelled and return their best. stats.found_by names the member.
 */
export const portfolio: Algorithm = async (ctx) => {
  startingState(ctx, 'balanced_heuristic');
  const workers = PORTFOLIO_MEMBERS.map(() => new SolveWorker(ctx.instance));
  const records: MemberRecord[] = PORTFOLIO_MEMBERS.map((algorithm) => ({
    algorithm,
    best: Infinity,
    rounds_won: 0,
  }));
  const controller = new AbortController();
  const stopMembers = () => controller.abort();
  ctx.signal?.addEventListener('abort', stopMembers, { once: true });
  const deadline = setTimeout(stopMembers, Math.max(0, ctx.options.timeLimitMs - ctx.elapsedMs));
  let rounds = 0;
  try {
    for (
      let round = 0;
      round < ROUNDS && !ctx.shouldStop() && !controller.signal.aborted;
      round++
    ) {
      const results = await runRound(ctx, workers, round, controller.signal);
      rounds++;
      let winner = -1;
      results.forEach((result, i) => {
        records[i]!.best = Math.min(records[i]!.best, result.objective.total);
        // Members in fixed order and strict improvement only: ties go to the earlier member.
        const state = new SolutionState(ctx.compiled);
        state.loadAssignment(assignmentVector(ctx.compiled, result.assignments));
        if (ctx.offer(state, PORTFOLIO_MEMBERS[i])) winner = i;
      });
      if (winner >= 0) records[winner]!.rounds_won++;
      ctx.report(`portfolio round ${round + 1} of ${ROUNDS}`, (round + 1) / ROUNDS, true);
    }
  } finally {
    clearTimeout(deadline);
    ctx.signal?.removeEventListener('abort', stopMembers);
    await Promise.all(workers.map((w) => w.close()));
  }
  // Past the deadline the members were cancelled by our timer: that is a timeout, not a cancel.
  if (!ctx.isCancelled && controller.signal.aborted) ctx.isTimedOut = true;
  return { stats: { members: records, rounds } };
};

function runRound(
  ctx: AlgorithmContext,
  workers: SolveWorker[],
  round: number,
  signal: AbortSignal,
): Promise<SolveResult[]> {
  const remaining = Math.max(1, ctx.options.timeLimitMs - ctx.elapsedMs);
  const cap = ctx.options.maxIterations;
  const initial = ctx.best.assign.slice();
  return Promise.all(
    workers.map((worker, i) =>
      worker.run(
        {
          algorithm: PORTFOLIO_MEMBERS[i]!,
          timeLimitMs: remaining / (ROUNDS - round),
          seed: (ctx.options.seed + 1009 * round + 17 * i) >>> 0,
          weights: ctx.compiled.weights,
          ...(cap !== undefined ? { maxIterations: Math.ceil(cap / ROUNDS) } : {}),
          initial,
        },
        {
          signal,
          onProgress: (p) =>
            ctx.report(
              `round ${round + 1}: ${PORTFOLIO_MEMBERS[i]} at ${p.bestObjective?.toFixed(1) ?? '-'}`,
            ),
        },
      ),
    ),
  );
}
