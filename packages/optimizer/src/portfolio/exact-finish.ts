import type { MilpRecipe } from '../core/contract';
import { AlgorithmContext } from '../core/context';
import { SolutionState } from '../core/solution';
import { fillableIfAllFilled, milpByRole } from '../exact/milp-role';
import type { MemberRecord } from './members';

/** The key the finish runs under (and its record's algorithm). */
const FINISH_KEY = 'milp';
/**
 * Share of the budget kept for the finish. On 2026-11-27 (load 4) milp by
 * role from the portfolio's 20 s incumbent at 1,000 x 80 (F 1737.15, 0.5%
 * above the optimum) priced its LPs in 2.1 s and proved the optimum in
 * 5.4 s: the incumbent's small room over the Lagrangian bound kept 3,900 of
 * 37,600 pairs per role, where milp's own start kept 33,000 and did not
 * finish. 40% of a 20 s budget is 7.6 s of that.
 */
export const FINISH_SHARE = 0.4;
/** Below this budget no finish (its threads take about a second to load under load). */
const FINISH_MIN_BUDGET_MS = 8_000;
/** Measured only up to 1,000 x 80 (about 2,000 open slots); larger instances are left to the searches. */
const FINISH_MAX_OPEN_SLOTS = 2_500;

/** Whether a timed run keeps a share of its budget for the exact finish. */
export function exactFinishFits(ctx: AlgorithmContext, budgetMs: number): boolean {
  if (ctx.options.maxIterations !== undefined || ctx.options.replay !== undefined) return false;
  return (
    budgetMs - ctx.elapsedMs >= FINISH_MIN_BUDGET_MS &&
    ctx.compiled.openSlots.length <= FINISH_MAX_OPEN_SLOTS
  );
}

/** What the finish gave. */
export interface FinishRun {
  readonly proved: boolean;
  readonly bound: number | null;
  /** milp by role's recipe (null when it cannot be replayed) and why not. */
  readonly recipe: MilpRecipe | null;
  readonly blocker: string | null;
}

/**
 * The exact finish: milp by role (exact/milp-role.ts) on this thread and its
 * two HiGHS threads, warm-started from the portfolio's incumbent once the
 * epochs are over, until the deadline. A good incumbent leaves the role MIPs
 * little room over their Lagrangian bounds, so they keep few pairs and can
 * prove where milp from its own start cannot. Its best is offered to the
 * run (never worse than the incumbent it started from). It starts after the
 * epochs from their incumbent, so a replay reruns it from its recipe
 * (`recipe.milp`) after replaying them. Null when the incumbent leaves a
 * fillable slot empty (milp by role needs every one filled).
 */
export async function runExactFinish(
  ctx: AlgorithmContext,
  budgetMs: number,
  record: MemberRecord,
  replay?: MilpRecipe,
): Promise<FinishRun | null> {
  const fixed = new SolutionState(ctx.compiled);
  const warm = ctx.best.clone();
  const fillable = fillableIfAllFilled(fixed, warm);
  const left = replay ? ctx.remainingMs : budgetMs - ctx.elapsedMs;
  if (!fillable || left <= 0 || ctx.isCancelled) return null;
  record.started_ms = Math.round(ctx.elapsedMs);
  const sub = new AlgorithmContext(
    ctx.instance,
    ctx.compiled,
    {
      algorithm: FINISH_KEY,
      seed: ctx.options.seed,
      weights: ctx.compiled.weights,
      timeLimitMs: Math.max(1, left),
      ...(replay ? { replay: { milp: replay } } : {}),
    },
    ctx.signal,
    undefined,
    { now: ctx.now },
  );
  sub.offer(warm, 'the portfolio incumbent');
  const out = await milpByRole(sub, fixed, warm, fillable);
  record.segments = 1;
  record.ended_ms = Math.round(ctx.elapsedMs);
  record.best = sub.best.total;
  record.iterations = Number(out.stats?.warm_start_alns_iterations ?? 0);
  if (sub.best.total < ctx.best.total - 1e-9) record.found_best = sub.best.total;
  if (ctx.offer(sub.best, FINISH_KEY)) record.adopted_as_best++;
  const proved = out.status === 'optimal';
  record.proved = proved;
  const blocker = out.notReplayableBecause ?? null;
  return {
    proved,
    bound: typeof out.bound === 'number' ? out.bound : null,
    recipe: blocker === null ? (out.replay?.milp ?? null) : null,
    blocker: blocker && `milp by role (the exact finish): ${blocker}`,
  };
}
