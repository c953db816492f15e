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
  error?: string;
}

/**
 * `portfolio`: several methods at once on worker threads within one budget.
 * The budget is cut into rounds; in each round every member starts from the
 * shared incumbent (the best any member has found so far) with its own seed
 * and the round's share of time (or of the iteration cap). The best result of
 * the round becomes the next shared incumbent; at the deadline the members
 * are cancelled and return their best. stats.found_by names the member; a
 * member that fails is reported in stats and sits out the later rounds.
 */
export const portfolio: Algorithm = async (ctx) => {
  // Threads first: they take seconds to start, the start solution a fraction of one.
  const workers = PORTFOLIO_MEMBERS.map(() => new SolveWorker(ctx.instance));
  startingState(ctx, 'balanced_heuristic');
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
    // Thread start-up is part of the budget; the rounds share out what is left once all listen.
    await Promise.race([
      Promise.allSettled(workers.map((w) => w.ready)),
      new Promise((resolve) =>
        controller.signal.addEventListener('abort', resolve, { once: true }),
      ),
    ]);
    for (
      let round = 0;
      round < ROUNDS && !ctx.shouldStop() && !controller.signal.aborted;
      round++
    ) {
      const results = await runRound(ctx, workers, records, round, controller.signal);
      rounds++;
      let winner = -1;
      results.forEach((settled, i) => {
        if (settled.status === 'rejected') {
          records[i]!.error ??= settled.reason instanceof Error ? settled.reason.message : 'failed';
          return;
        }
        records[i]!.best = Math.min(records[i]!.best, settled.value.objective.total);
        // Members in fixed order and strict improvement only: ties go to the earlier member.
        const state = new SolutionState(ctx.compiled);
        state.loadAssignment(assignmentVector(ctx.compiled, settled.value.assignments));
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

/** One round: every healthy member runs from the shared incumbent; a failed member sits out. */
function runRound(
  ctx: AlgorithmContext,
  workers: SolveWorker[],
  records: MemberRecord[],
  round: number,
  signal: AbortSignal,
): Promise<PromiseSettledResult<SolveResult>[]> {
  const remaining = Math.max(1, ctx.options.timeLimitMs - ctx.elapsedMs);
  const cap = ctx.options.maxIterations;
  const initial = ctx.best.assign.slice();
  return Promise.allSettled(
    workers.map((worker, i) => {
      const algorithm = PORTFOLIO_MEMBERS[i]!;
      if (records[i]!.error) return Promise.reject(new Error(records[i]!.error));
      return worker.run(
        {
          algorithm,
          timeLimitMs: remaining / (ROUNDS - round),
          seed: (ctx.options.seed + 1009 * round + 17 * i) >>> 0,
          weights: ctx.compiled.weights,
          ...(cap !== undefined ? { maxIterations: Math.ceil(cap / ROUNDS) } : {}),
          initial,
        },
        {
          signal,
          onProgress: (p) =>
            ctx.report(`round ${round + 1}: ${algorithm} at ${p.bestObjective?.toFixed(1) ?? '-'}`),
        },
      );
    }),
  );
}
