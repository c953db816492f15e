import type { AlgorithmKey } from '@meridian/domain';
import type { SolveResult } from '../contract';
import { assignmentVector } from '../core/assignment-vector';
import { AlgorithmContext } from '../core/context';
import type { Algorithm } from '../core/context';
import { SolutionState } from '../core/solution';
import { precompiledWorkerEntry } from '../core/worker-entry';
import { SolveWorker } from '../core/worker-runner';
import { startingState } from '../greedy/start';
import { ils } from '../local-search/ils';

/**
 * The members: the first runs on the portfolio's own thread, the others on one
 * worker thread each. Three, not more: on a 2-core machine every extra busy
 * thread slows the others (tabu search, the weakest of the four local searches
 * at 1,000 jobs, was dropped for that reason).
 */
export const PORTFOLIO_MEMBERS: readonly AlgorithmKey[] = ['ils', 'mcmc_sa', 'alns'];
const IN_THREAD: Algorithm = ils;
/**
 * Two rounds: each round restarts the members' schedules (annealing
 * temperature, ILS threshold), so many short rounds cost more than the shared
 * incumbent gains; threads that are still starting join the second round.
 */
const ROUNDS = 2;

/**
 * Time kept back from the limit for what comes after the members stop: their
 * threads answer with their best (and re-check it), the threads close, and the
 * runner re-checks the final assignment (a few hundred ms at 1,000 jobs).
 */
export function portfolioMargin(timeLimitMs: number): number {
  return Math.min(3_000, Math.max(300, 0.15 * timeLimitMs));
}

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
  // Threads first: they load a precompiled JS entry (worker-entry.ts), about 1 s unloaded and
  // 3-5 s on the loaded bench machine (3-10 s under tsx); under a time limit the first round
  // starts at once and a thread joins the round after it is ready.
  const workers: (SolveWorker | undefined)[] = PORTFOLIO_MEMBERS.slice(1).map(() => undefined);
  let closed = false;
  const spawned = precompiledWorkerEntry().then((entry) => {
    if (closed) return;
    for (let k = 0; k < workers.length; k++) workers[k] = new SolveWorker(ctx.instance, entry);
  });
  if (ctx.options.maxIterations !== undefined) await spawned; // fixed iteration counts: every member runs
  startingState(ctx, 'balanced_heuristic');
  const records: MemberRecord[] = PORTFOLIO_MEMBERS.map((algorithm) => ({
    algorithm,
    best: Infinity,
    rounds_won: 0,
  }));
  const controller = new AbortController();
  const stopMembers = () => controller.abort();
  ctx.signal?.addEventListener('abort', stopMembers, { once: true });
  const budgetMs = ctx.options.timeLimitMs - portfolioMargin(ctx.options.timeLimitMs);
  const deadline = setTimeout(stopMembers, Math.max(0, budgetMs - ctx.elapsedMs));
  let rounds = 0;
  try {
    for (
      let round = 0;
      round < ROUNDS && !ctx.shouldStop() && !controller.signal.aborted;
      round++
    ) {
      const results = await runRound(ctx, workers, records, round, budgetMs, controller.signal);
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
    closed = true;
    await Promise.all(workers.map((w) => w?.close() ?? Promise.resolve()));
  }
  // Past the deadline the members were cancelled by our timer: that is a timeout, not a cancel.
  if (!ctx.isCancelled && controller.signal.aborted) ctx.isTimedOut = true;
  const threads = workers.filter((w) => w?.isReady).length;
  return { stats: { members: records, rounds, worker_threads_ready: threads } };
};

/** One round: every healthy member runs from the shared incumbent; a failed member sits out. */
async function runRound(
  ctx: AlgorithmContext,
  workers: (SolveWorker | undefined)[],
  records: MemberRecord[],
  round: number,
  budgetMs: number,
  signal: AbortSignal,
): Promise<PromiseSettledResult<SolveResult | SolutionState>[]> {
  const remaining = Math.max(1, budgetMs - ctx.elapsedMs);
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
  // Under a time limit the round lasts its share; members that end early on their own rule are not waited for.
  const share = remaining / (ROUNDS - round);
  const roundTimer = cap === undefined ? setTimeout(stop, share) : undefined;
  const giveUpOnStarting = new AbortController();
  roundStop.signal.addEventListener('abort', () => giveUpOnStarting.abort(), { once: true });
  const inThread = (async () => {
    const sub = new AlgorithmContext(ctx.instance, ctx.compiled, options(0), roundStop.signal);
    await IN_THREAD(sub);
    // Threads still starting are not waited for once this member is done: they join a later round.
    if (cap === undefined) giveUpOnStarting.abort();
    return sub.best;
  })();
  const onWorkers = workers.map((worker, k) => {
    const i = k + 1;
    if (records[i]!.error) return Promise.reject(new Error(records[i]!.error));
    if (!worker) return Promise.reject(new Error('still starting'));
    if (worker.isBusy) return Promise.reject(new Error('still busy'));
    if (!worker.isReady && cap === undefined) {
      // Queueing a run on a starting thread would make it busy when it is ready; let it join the next round.
      return Promise.reject(new Error('still starting'));
    }
    const run = worker.run(options(i), {
      signal: roundStop.signal,
      onProgress: (p) =>
        ctx.report(
          `round ${round + 1}: ${PORTFOLIO_MEMBERS[i]} at ${p.bestObjective?.toFixed(1) ?? '-'}`,
        ),
    });
    const notStarted = new Promise<never>((_, reject) =>
      giveUpOnStarting.signal.addEventListener('abort', () => {
        if (!worker.isReady) reject(new Error('still starting'));
      }),
    );
    return Promise.race([run, notStarted]);
  });
  try {
    return await Promise.allSettled([inThread, ...onWorkers]);
  } finally {
    clearTimeout(roundTimer);
    signal.removeEventListener('abort', stop);
  }
}
