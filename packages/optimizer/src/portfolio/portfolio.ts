import type { AlgorithmKey } from '@meridian/domain';
import type { SolveResult } from '../contract';
import { assignmentVector } from '../core/assignment-vector';
import { AlgorithmContext } from '../core/context';
import type { Algorithm } from '../core/context';
import { SolutionState } from '../core/solution';
import { SolveWorker } from '../core/worker-runner';
import { startingState } from '../greedy/start';
import { simulatedAnnealing } from '../local-search/simulated-annealing';

/** The members: the first runs on the portfolio's own thread, the others on one worker thread each. */
export const PORTFOLIO_MEMBERS: readonly AlgorithmKey[] = ['mcmc_sa', 'alns', 'ils', 'ts'];
const IN_THREAD: Algorithm = simulatedAnnealing;
const ROUNDS = 4;

interface MemberRecord {
  algorithm: AlgorithmKey;
  best: number;
  rounds_won: number;
  error?: string;
}

/**
 * `portfolio`: several methods at once on threads within one budget. The
 * budget is cut into rounds; in each round every member starts from the
 * shared incumbent (the best any member has found so far) with its own seed
 * and the round's share of time (or of the iteration cap), and the round's
 * best becomes the next incumbent. One member runs on the portfolio's own
 * thread, so rounds make progress while worker threads are still starting
 * (seconds under tsx on a loaded machine): under a time limit a round ends
 * when that member's share is used and the others are cancelled with their
 * best so far; under an iteration cap every member runs its cap, so a seed
 * repeats. stats.found_by names the member; a failed member sits out.
 */
export const portfolio: Algorithm = async (ctx) => {
  // Threads first: they take seconds to start, the start solution a fraction of one.
  const workers = PORTFOLIO_MEMBERS.slice(1).map(() => new SolveWorker(ctx.instance));
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
          const reason = settled.reason instanceof Error ? settled.reason.message : 'failed';
          if (!['still starting', 'still busy'].includes(reason)) records[i]!.error ??= reason;
          return;
        }
        const value = settled.value;
        const state = value instanceof SolutionState ? value : new SolutionState(ctx.compiled);
        if (!(value instanceof SolutionState)) {
          state.loadAssignment(assignmentVector(ctx.compiled, value.assignments));
        }
        records[i]!.best = Math.min(records[i]!.best, state.total);
        // Members in fixed order and strict improvement only: ties go to the earlier member.
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
async function runRound(
  ctx: AlgorithmContext,
  workers: SolveWorker[],
  records: MemberRecord[],
  round: number,
  signal: AbortSignal,
): Promise<PromiseSettledResult<SolveResult | SolutionState>[]> {
  const remaining = Math.max(1, ctx.options.timeLimitMs - ctx.elapsedMs);
  const cap = ctx.options.maxIterations;
  const initial = ctx.best.assign.slice();
  const roundStop = new AbortController();
  const stop = () => roundStop.abort();
  signal.addEventListener('abort', stop, { once: true });
  const options = (i: number) => ({
    algorithm: PORTFOLIO_MEMBERS[i]!,
    timeLimitMs: remaining / (ROUNDS - round),
    seed: (ctx.options.seed + 1009 * round + 17 * i) >>> 0,
    weights: ctx.compiled.weights,
    ...(cap !== undefined ? { maxIterations: Math.ceil(cap / ROUNDS) } : {}),
    initial,
  });
  const inThread = (async () => {
    const sub = new AlgorithmContext(ctx.instance, ctx.compiled, options(0), roundStop.signal);
    await IN_THREAD(sub);
    // Under a time limit the round is over once the in-thread member has used its share.
    if (cap === undefined) stop();
    return sub.best;
  })();
  const onWorkers = workers.map((worker, k) => {
    const i = k + 1;
    if (records[i]!.error) return Promise.reject(new Error(records[i]!.error));
    if (worker.isBusy) return Promise.reject(new Error('still busy'));
    const run = worker.run(options(i), {
      signal: roundStop.signal,
      onProgress: (p) =>
        ctx.report(
          `round ${round + 1}: ${PORTFOLIO_MEMBERS[i]} at ${p.bestObjective?.toFixed(1) ?? '-'}`,
        ),
    });
    // A thread still starting when the round ends is not waited for; it joins a later round.
    const notStarted = new Promise<never>((_, reject) =>
      roundStop.signal.addEventListener('abort', () => {
        if (!worker.isReady) reject(new Error('still starting'));
      }),
    );
    return Promise.race([run, notStarted]);
  });
  try {
    return await Promise.allSettled([inThread, ...onWorkers]);
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
