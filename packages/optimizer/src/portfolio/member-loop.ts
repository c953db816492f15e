import type { AlgorithmKey } from '@meridian/domain';
import { AlgorithmContext } from '../core/context';
import type { Algorithm, IncumbentExchange, RunOptions } from '../core/context';
import { SolutionState } from '../core/solution';

/** Least time between two posted improvements (a later one waits for the next post or the segment's end). */
const POST_EVERY_MS = 100;
/**
 * Segments in a row with neither a new best of the member's own nor a better
 * incumbent to adopt, after which the member stops (a small instance is
 * exhausted long before the budget; the others keep the portfolio going).
 */
const STALL_SEGMENTS = 5;

/** A segment's run, which hands each new best to the member loop as soon as it is offered. */
class SegmentContext extends AlgorithmContext {
  constructor(
    parent: AlgorithmContext,
    options: RunOptions,
    private readonly onBest: (state: SolutionState) => void,
  ) {
    super(parent.instance, parent.compiled, options, parent.signal, undefined, {
      startedAt: performance.now(),
    });
  }

  override offer(state: SolutionState, foundBy?: string): boolean {
    const isBetter = super.offer(state, foundBy);
    if (isBetter) this.onBest(this.best);
    return isBetter;
  }
}

/**
 * A portfolio member: runs `algorithm` in segments until the run's deadline.
 * Each segment starts from the better of the member's own best and the
 * portfolio's latest incumbent (its restart point) with a seed of its own,
 * and lasts `segmentMs` or until the method ends on its own rule. Every new
 * best of the member's is posted through `exchange` at once (at most every
 * POST_EVERY_MS, the last one at the segment's end), so the portfolio can pass
 * it on to the other members while they run.
 */
export function memberLoop(
  algorithm: Algorithm,
  key: AlgorithmKey,
  exchange: IncumbentExchange,
  segmentMs: number,
): Algorithm {
  return async (ctx) => {
    let segments = 0;
    let iterations: number | null = null;
    let adopted = 0;
    let posted = 0;
    let stalled = 0;
    let lastPost = -Infinity;
    let pending = false;
    // The best F the member was handed (its start, incumbents it adopted): a find must beat it to count.
    let handed = Infinity;
    let foundBest = Infinity;
    if (ctx.options.initial) {
      const start = new SolutionState(ctx.compiled);
      start.loadAssignment(ctx.options.initial);
      handed = start.total;
    }
    const post = () => {
      pending = false;
      lastPost = performance.now();
      posted++;
      exchange.improved(ctx.best.assign.slice(), ctx.best.total);
    };
    const onBest = (state: SolutionState) => {
      if (!ctx.offer(state, key) || state.total >= handed - 1e-9) return;
      foundBest = state.total;
      if (performance.now() - lastPost >= POST_EVERY_MS) post();
      else pending = true;
    };
    let lastStats: Record<string, unknown> | undefined;
    // A segment ended a step early by its deadline leaves a sliver: not worth a restart.
    while (!ctx.shouldStop(0.1 * segmentMs) && stalled < STALL_SEGMENTS) {
      // The restart point: the better of the member's own best and the portfolio's incumbent.
      const shared = exchange.incumbent();
      const isNewIncumbent =
        shared !== null && shared.total < Math.min(ctx.best.total, handed) - 1e-9;
      if (isNewIncumbent) {
        adopted++;
        handed = shared.total;
      }
      const start = isNewIncumbent
        ? shared.assign.slice()
        : segments > 0
          ? ctx.best.assign.slice()
          : ctx.options.initial;
      const bestBefore = ctx.best.total;
      const segment = new SegmentContext(
        ctx,
        {
          ...ctx.options,
          member: undefined,
          ...(start ? { initial: start } : {}),
          seed: (ctx.options.seed + 7919 * segments) >>> 0,
          timeLimitMs: Math.max(1, Math.min(segmentMs, ctx.remainingMs)),
        },
        onBest,
      );
      lastStats = (await algorithm(segment)).stats;
      segments++;
      if (typeof lastStats?.iterations === 'number')
        iterations = (iterations ?? 0) + lastStats.iterations;
      if (pending) post();
      stalled = isNewIncumbent || ctx.best.total < bestBefore - 1e-9 ? 0 : stalled + 1;
      ctx.report(`${key} segment ${segments}`);
      await ctx.pause();
    }
    return {
      stats: {
        segments,
        iterations,
        adopted_incumbents: adopted,
        posted_improvements: posted,
        found_best: Number.isFinite(foundBest) ? foundBest : null,
        stopped_on_stall: stalled >= STALL_SEGMENTS,
        ...(lastStats ? { last_segment: lastStats } : {}),
      },
    };
  };
}

/** The exchange of the member on the portfolio's own thread: the incumbent is the portfolio's best. */
export function localExchange(
  best: SolutionState,
  accept: (assign: Int32Array, total: number) => void,
): IncumbentExchange {
  return {
    incumbent: () => ({ assign: best.assign, total: best.total }),
    improved: accept,
  };
}
