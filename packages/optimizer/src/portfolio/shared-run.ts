import { assignmentVector } from '../core/assignment-vector';
import { AlgorithmContext } from '../core/context';
import type { AlgorithmThread } from '../core/context';
import { SolutionState } from '../core/solution';
import { localExchange, memberLoop } from './member-loop';
import { IN_THREAD_MEMBER, PORTFOLIO_MEMBERS, portfolioMargin } from './members';
import type { MemberRecord } from './members';

/**
 * Restarts from the incumbent per member over the budget (more when a method
 * ends early on its own rule). Two, not four: each restart begins ALNS's
 * cooling again, and at 1,000 jobs four left it short of its cold phase
 * (1,000 x 80, 10 s: 1744 to 1746 against 1740 to 1745 of F - 1e6 U).
 */
const SEGMENTS = 2;
const MIN_SEGMENT_MS = 250;
/** Progress ticks while the members run. */
const TICK_MS = 500;

type Phase = 'waiting' | 'running' | 'done';

/**
 * The portfolio under a time limit: every member searches from the moment it
 * can until the budget (the limit less portfolioMargin) ends. The member on
 * this thread starts at once; a thread member starts when its thread is ready,
 * from the incumbent of that moment. Each new best a member posts becomes the
 * incumbent here if it is better and is sent at once to the other members,
 * which restart from it at their next restart point (member-loop.ts). Progress
 * is reported every TICK_MS and on each new incumbent.
 */
export async function runShared(
  ctx: AlgorithmContext,
  pending: Promise<AlgorithmThread[]>,
  records: MemberRecord[],
): Promise<Record<string, unknown>> {
  const budgetMs = ctx.deadlineMs - portfolioMargin(ctx.options.timeLimitMs);
  const segmentMs = Math.max(MIN_SEGMENT_MS, (budgetMs - ctx.elapsedMs) / SEGMENTS);
  const stop = new AbortController();
  const stopMembers = () => stop.abort();
  ctx.signal?.addEventListener('abort', stopMembers, { once: true });
  const budgetTimer = setTimeout(stopMembers, Math.max(0, budgetMs - ctx.elapsedMs));
  const stopped = new Promise<false>((resolve) =>
    stop.signal.addEventListener('abort', () => resolve(false), { once: true }),
  );
  const phase: Phase[] = records.map((_, i) => (i === 0 ? 'running' : 'waiting'));
  const running: (AlgorithmThread | null)[] = records.map(() => null);
  const endedOnOwnRule: boolean[] = records.map(() => true);
  let incumbentsShared = 0;

  const summary = () =>
    `portfolio: best ${ctx.best.total.toFixed(1)} (${ctx.foundBy ?? 'start'}); ` +
    records
      .map(
        (r, i) =>
          `${r.algorithm} ${phase[i] === 'waiting' ? 'starting' : (r.best?.toFixed(1) ?? '-')}`,
      )
      .join(', ');
  // A member's posted find, or (isFinal) the best it held when it stopped.
  const accept = (i: number, assign: Int32Array, total: number, isFinal = false) => {
    const record = records[i]!;
    record.best = Math.min(record.best ?? Infinity, total);
    if (!isFinal) record.found_best = Math.min(record.found_best ?? Infinity, total);
    if (total >= ctx.best.total - 1e-9) return;
    const state = new SolutionState(ctx.compiled);
    state.loadAssignment(assign);
    if (!ctx.offer(state, PORTFOLIO_MEMBERS[i])) return;
    record.improvements++;
    incumbentsShared++;
    running.forEach((worker, k) => {
      if (k !== i) worker?.shareIncumbent(ctx.best.assign.slice(), ctx.best.total);
    });
    ctx.report(summary());
  };
  const memberOptions = (i: number) => ({
    algorithm: PORTFOLIO_MEMBERS[i]!,
    timeLimitMs: Math.max(1, budgetMs - ctx.elapsedMs),
    seed: (ctx.options.seed + 17 * i) >>> 0,
    weights: ctx.compiled.weights,
    initial: ctx.best.assign.slice(),
  });

  const inThread = async () => {
    try {
      records[0]!.started_ms = Math.round(ctx.elapsedMs);
      const sub = new AlgorithmContext(ctx.instance, ctx.compiled, memberOptions(0), stop.signal);
      const exchange = localExchange(ctx.best, (assign, total) => accept(0, assign, total));
      const out = await memberLoop(
        IN_THREAD_MEMBER.run,
        IN_THREAD_MEMBER.key,
        exchange,
        segmentMs,
      )(sub);
      records[0]!.segments = Number(out.stats?.segments ?? 0);
      records[0]!.adoptions = Number(out.stats?.adopted_incumbents ?? 0);
      records[0]!.iterations = (out.stats?.iterations as number | null | undefined) ?? null;
      endedOnOwnRule[0] = out.stats?.stopped_on_stall === true;
      accept(0, sub.best.assign, sub.best.total, true);
    } finally {
      phase[0] = 'done';
    }
  };
  const onThread = async (worker: AlgorithmThread, i: number) => {
    const record = records[i]!;
    try {
      if (!(await Promise.race([worker.ready.then(() => true), stopped]))) return;
      record.started_ms = Math.round(ctx.elapsedMs);
      phase[i] = 'running';
      running[i] = worker;
      const result = await worker.run(
        { ...memberOptions(i), member: { segmentMs } },
        { signal: stop.signal, onImproved: (assign, total) => accept(i, assign, total) },
      );
      record.segments = Number(result.stats.segments ?? 0);
      record.adoptions = Number(result.stats.adopted_incumbents ?? 0);
      record.iterations = (result.stats.iterations as number | null | undefined) ?? null;
      endedOnOwnRule[i] = result.stats.stopped_on_stall === true;
      const final = assignmentVector(ctx.compiled, result.assignments);
      accept(i, final, result.objective.total, true);
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
    } finally {
      running[i] = null;
      phase[i] = 'done';
    }
  };

  ctx.report('portfolio: members starting', undefined, true);
  const ticks = setInterval(() => ctx.report(summary(), undefined, true), TICK_MS);
  try {
    await Promise.all([
      inThread(),
      pending.then((workers) => Promise.all(workers.map((w, k) => onThread(w, k + 1)))),
    ]);
  } finally {
    clearTimeout(budgetTimer);
    clearInterval(ticks);
    ctx.signal?.removeEventListener('abort', stopMembers);
  }
  // A member cut off by the budget (not stopped by its own stall rule) means the limit ended the run.
  const cutOff = records.some((r, i) => r.started_ms !== null && !endedOnOwnRule[i]);
  if (cutOff && !ctx.isCancelled) ctx.isTimedOut = true;
  return {
    mode: 'shared incumbent',
    budget_ms: Math.round(budgetMs),
    members_stopped_ms: Math.round(ctx.elapsedMs),
    segment_ms: Math.round(segmentMs),
    incumbents_shared: incumbentsShared,
  };
}
