import type { Algorithm, AlgorithmContext, AlgorithmThread } from '../core/context';
import { startingState } from '../greedy/start';
import { mixKeys, portfolioMargin, portfolioMix } from './members';
import type { MemberRecord } from './members';
import { runEpochs } from './epochs';
import { EXACT_MEMBER, exactMemberFits, runExactMember } from './exact-member';
import type { ExactRun } from './exact-member';

export { PORTFOLIO_MEMBERS, portfolioMargin } from './members';

/** The member threads, started at once (each loads its code while the portfolio goes on). */
export interface MemberThreads {
  readonly workers: Promise<AlgorithmThread[]>;
  close(): Promise<void>;
}

function startThreads(ctx: AlgorithmContext, count: number): MemberThreads {
  if (ctx.startThreads === undefined)
    throw new Error(
      'portfolio: this run has no worker threads (run it through solve or solveInProcess)',
    );
  const threads = ctx.startThreads(ctx.instance, count);
  return {
    workers: Promise.resolve(threads),
    async close() {
      await Promise.all(threads.map((t) => t.close()));
    },
  };
}

function memberRecord(algorithm: MemberRecord['algorithm'], onThread: boolean): MemberRecord {
  return {
    algorithm,
    thread: onThread ? 'worker' : 'portfolio',
    started_ms: null,
    best: null,
    found_best: null,
    adopted_as_best: 0,
    segments: 0,
    adoptions: 0,
    iterations: null,
  };
}

/**
 * `portfolio`: several methods at once on threads within one budget, sharing
 * the best solution between epochs. The member threads are started first
 * (loading takes about a second, more under load); the member on the
 * portfolio's own thread starts searching as soon as the start solution is
 * built, and each thread member joins the first epoch the moment its thread
 * is ready. At each epoch's end the best find becomes the incumbent every
 * member starts the next epoch from (epochs.ts). Exchanging only there makes
 * a run a function of its seed and its members' recorded runs, so it replays
 * (stats.replay). Where the exact member can prove within the budget
 * (exact-member.ts: a time limit, a small instance) it runs beside the
 * epochs on a thread of its own; its proof ends the run with status
 * `optimal`, and such a run is not replayable (milp is bound by the clock).
 * stats.found_by names the member whose find is returned, stats.members
 * what each achieved.
 */
export const portfolio: Algorithm = async (ctx) => {
  const mix = portfolioMix();
  const budgetMs = ctx.deadlineMs - portfolioMargin(ctx.options.timeLimitMs);
  const withExact = exactMemberFits(ctx, budgetMs);
  // Threads first: they load while the start solution is built and the first member searches.
  const threads = startThreads(ctx, mix.threads.length + (withExact ? 1 : 0));
  const records: MemberRecord[] = mixKeys(mix).map((algorithm, i) =>
    memberRecord(algorithm, i > 0),
  );
  const exactRecord = withExact ? memberRecord(EXACT_MEMBER, true) : null;
  // Ends the epochs on the run's cancel or on the exact member's proof.
  const stop = new AbortController();
  const cancel = () => stop.abort();
  if (ctx.signal?.aborted) cancel();
  ctx.signal?.addEventListener('abort', cancel, { once: true });
  let run: Awaited<ReturnType<typeof runEpochs>>;
  let exact: ExactRun | null = null;
  try {
    startingState(ctx, 'balanced_heuristic');
    const workers = await threads.workers;
    const searchers = Promise.resolve(workers.slice(0, mix.threads.length));
    const exactThread = workers[mix.threads.length];
    [run, exact] = await Promise.all([
      runEpochs(ctx, searchers, records, mix, stop.signal),
      exactRecord && exactThread
        ? runExactMember(ctx, exactThread, budgetMs, exactRecord, cancel)
        : null,
    ]);
  } finally {
    ctx.signal?.removeEventListener('abort', cancel);
    // Not awaited: ending a thread took 8 to 13 s under load 25 once the exact member's HiGHS
    // threads had run (measured 2026-11-27), time the run's limit would count; every member has
    // answered by now, so nothing the run returns depends on the threads' ending.
    void threads.close();
  }
  const ready = (await threads.workers).filter((w) => w.isReady).length;
  const blocker = [run.blocker, exact?.blocker].filter((b) => b).join('; ');
  return {
    ...(exact?.proved ? { status: 'optimal' as const } : {}),
    // The exact member's bound holds for the portfolio's best too (a lower bound on every solution).
    ...(exact?.bound != null ? { bound: exact.bound } : {}),
    stats: {
      members: exactRecord ? [...records, exactRecord] : records,
      ...run.stats,
      exact_member: exactRecord
        ? EXACT_MEMBER
        : 'none (an iteration cap, a replay, or the instance too large for the budget)',
      worker_threads_ready: ready,
    },
    replay: run.replay,
    notReplayableBecause: blocker || null,
  };
};
