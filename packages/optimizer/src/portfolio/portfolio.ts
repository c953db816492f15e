import type { Algorithm, AlgorithmContext, AlgorithmThread } from '../core/context';
import { startingState } from '../greedy/start';
import { mixKeys, portfolioMargin, portfolioMix } from './members';
import type { MemberRecord } from './members';
import { runEpochs } from './epochs';
import { EXACT_MEMBER, exactMemberFits, offerExact, runExactMember } from './exact-member';
import type { ExactRun } from './exact-member';
import { exactFinishFits, FINISH_SHARE, runExactFinish } from './exact-finish';

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
 * `optimal`. Its find is offered once the epochs are over and its own recipe
 * is recorded (recipe.exact), so such a run replays too: a proved run by
 * rerunning the member alone, any other with the epochs beside it.
 * Without the exact member, a timed run large enough keeps the budget's
 * last share for the exact finish (exact-finish.ts): milp by role from the
 * epochs' incumbent, whose proof also gives `optimal`.
 * stats.found_by names the member whose find is returned, stats.members
 * what each achieved.
 */
export const portfolio: Algorithm = async (ctx) => {
  const budgetMs = ctx.deadlineMs - portfolioMargin(ctx.options.timeLimitMs);
  const replayedExact = ctx.options.replay?.exact;
  const withExact = replayedExact !== undefined || exactMemberFits(ctx, budgetMs);
  // The exact member changes the mix, so a replay (which has it exactly when the run had it) does too.
  const mix = portfolioMix(withExact);
  // Without the exact member, the last share of the budget may go to milp by role from the incumbent.
  const replayedFinish = ctx.options.replay?.milp;
  const withFinish = !withExact && (replayedFinish !== undefined || exactFinishFits(ctx, budgetMs));
  const epochsBudgetMs = withFinish ? (1 - FINISH_SHARE) * budgetMs : budgetMs;
  const finishRecord = withFinish ? memberRecord(EXACT_MEMBER, false) : null;
  // A proof ended the recorded run with the exact member's optimum: its replay needs nothing else.
  const exactAlone = replayedExact?.proved === true;
  const searchThreads = exactAlone ? 0 : mix.threads.length;
  // Threads first: they load while the start solution is built and the first member searches.
  const threads = startThreads(ctx, searchThreads + (withExact ? 1 : 0));
  const records: MemberRecord[] = mixKeys(mix).map((algorithm, i) =>
    memberRecord(algorithm, i > 0),
  );
  const exactRecord = withExact ? memberRecord(EXACT_MEMBER, true) : null;
  // Ends the epochs on the run's cancel or on the exact member's proof.
  const stop = new AbortController();
  const cancel = () => stop.abort();
  if (ctx.signal?.aborted) cancel();
  ctx.signal?.addEventListener('abort', cancel, { once: true });
  let run: Awaited<ReturnType<typeof runEpochs>> | null = null;
  let exact: ExactRun | null = null;
  try {
    startingState(ctx, 'balanced_heuristic');
    const workers = await threads.workers;
    const searchers = Promise.resolve(workers.slice(0, searchThreads));
    const exactThread = workers[searchThreads];
    [run, exact] = await Promise.all([
      exactAlone ? null : runEpochs(ctx, searchers, records, mix, stop.signal, epochsBudgetMs),
      exactRecord && exactThread
        ? runExactMember(ctx, exactThread, budgetMs, exactRecord, cancel, replayedExact)
        : null,
    ]);
  } finally {
    ctx.signal?.removeEventListener('abort', cancel);
    // Not awaited: ending a thread took 8 to 13 s under load 25 once the exact member's HiGHS
    // threads had run (measured 2026-11-27), time the run's limit would count; every member has
    // answered by now, so nothing the run returns depends on the threads' ending.
    void threads.close();
  }
  // Offered after the epochs, so no epoch ever started from it: a replay offers it at the same point.
  if (exact && exactRecord) offerExact(ctx, exact, exactRecord);
  // After the epochs, from their incumbent: a replay reruns it from its recipe at the same point.
  const finish =
    finishRecord && !ctx.isCancelled
      ? await runExactFinish(ctx, budgetMs, finishRecord, replayedFinish)
      : null;
  const ready = (await threads.workers).filter((w) => w.isReady).length;
  const proved = exact?.proved === true;
  // The exact member's or the finish's bound holds for the portfolio's best too.
  const bound = exact?.bound ?? finish?.bound ?? null;
  return {
    ...(proved || finish?.proved ? { status: 'optimal' as const } : {}),
    ...(bound !== null ? { bound } : {}),
    stats: {
      members: [
        ...records,
        ...(exactRecord ? [exactRecord] : []),
        ...(finishRecord ? [finishRecord] : []),
      ],
      exact_finish: finishRecord
        ? `milp by role from the epochs' incumbent, the last ${Math.round(100 * FINISH_SHARE)}% of the budget`
        : 'none',
      ...(run?.stats ?? { mode: 'the exact member alone (a replay of its proof)' }),
      exact_member: exactRecord
        ? EXACT_MEMBER
        : 'none (an iteration cap, or the instance too large for the budget)',
      worker_threads_ready: ready,
    },
    ...portfolioReplay(run, exact, finish, finishRecord !== null),
  };
};

/**
 * The run's recipe (the epochs', the exact member's and the finish's) and
 * what keeps it from replaying, or null.
 */
function portfolioReplay(
  run: Awaited<ReturnType<typeof runEpochs>> | null,
  exact: ExactRun | null,
  finish: Awaited<ReturnType<typeof runExactFinish>> | null,
  withFinish: boolean,
) {
  const proved = exact?.proved === true;
  // A proved run replays through its exact member alone, so the cut epochs do not matter then.
  const blocker = [
    proved ? null : run?.blocker,
    exact?.blocker,
    finish?.blocker,
    withFinish && !finish ? 'the exact finish did not run' : null,
  ]
    .filter((b) => b)
    .join('; ');
  const exactRecipe =
    exact && exact.blocker === null
      ? {
          exact: {
            proved,
            recipe: exact.recipe,
            ...(exact.started ? {} : { started: false as const }),
          },
        }
      : {};
  const finishRecipe = finish?.recipe ? { milp: finish.recipe } : {};
  return {
    replay: { ...(run?.replay ?? {}), ...exactRecipe, ...finishRecipe },
    notReplayableBecause: blocker || null,
  };
}
