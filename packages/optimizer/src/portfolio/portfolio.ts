import type { Algorithm, AlgorithmContext, AlgorithmThread } from '../core/context';
import { startingState } from '../greedy/start';
import { PORTFOLIO_MEMBERS } from './members';
import type { MemberRecord } from './members';
import { runEpochs } from './epochs';

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

/**
 * `portfolio`: several methods at once on threads within one budget, sharing
 * the best solution between epochs. The member threads are started first
 * (loading takes about a second, more under load); the member on the
 * portfolio's own thread starts searching as soon as the start solution is
 * built, and each thread member joins the first epoch the moment its thread
 * is ready. At each epoch's end the best find becomes the incumbent every
 * member starts the next epoch from (epochs.ts). Exchanging only there makes
 * a run a function of its seed and its members' recorded runs, so it replays
 * (stats.replay). stats.found_by names the member whose find is returned,
 * stats.members what each achieved.
 */
export const portfolio: Algorithm = async (ctx) => {
  // Threads first: they load while the start solution is built and the first member searches.
  const threads = startThreads(ctx, PORTFOLIO_MEMBERS.length - 1);
  const records: MemberRecord[] = PORTFOLIO_MEMBERS.map((algorithm, i) => ({
    algorithm,
    thread: i === 0 ? 'portfolio' : 'worker',
    started_ms: null,
    best: null,
    found_best: null,
    improvements: 0,
    segments: 0,
    adoptions: 0,
    iterations: null,
  }));
  let run: Awaited<ReturnType<typeof runEpochs>>;
  try {
    startingState(ctx, 'balanced_heuristic');
    run = await runEpochs(ctx, threads.workers, records);
  } finally {
    await threads.close();
  }
  const ready = (await threads.workers).filter((w) => w.isReady).length;
  return {
    stats: { members: records, ...run.stats, worker_threads_ready: ready },
    replay: run.replay,
    notReplayableBecause: run.blocker,
  };
};
