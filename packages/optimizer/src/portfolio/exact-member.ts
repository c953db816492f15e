import type { AlgorithmKey } from '@meridian/domain';
import { assignmentVector } from '../core/assignment-vector';
import type { ReplayRecipe } from '../core/contract';
import type { AlgorithmContext, AlgorithmThread } from '../core/context';
import { currentPlanState } from '../core/current-plan';
import { SolutionState } from '../core/solution';
import type { MemberRecord } from './members';

/** The exact member: HiGHS by role (with its own ALNS beside the LPs), on a worker thread of its own. */
export const EXACT_MEMBER: AlgorithmKey = 'milp';
/**
 * Below this budget the exact member is left out: its thread and its two
 * HiGHS threads take about a second to load under load.
 */
const EXACT_MIN_BUDGET_MS = 4_000;
/**
 * Open slots the exact member can prove per second of budget. Set from milp
 * by role since its LP dive and RINS (2026-11-27, 2 x AMD EPYC, quiet: load
 * 3 to 5): alone it proved 1,000 x 80 (2,000 open slots) in 5.2 s and the
 * year (about 8,000) in 41 to 52 s; in the portfolio, with the rate at 150,
 * 1,000 x 80 proved in 5.7 s of 20 and the year reached its optimum in 58 s
 * of 60. 150 a second takes it into a 20 s run at 1,000 jobs and a 60 s run
 * at the year (133 a second). Before the dive it proved 1,000 x 80 in
 * 19.2 s at best, and the rate was 90. On a busy machine it takes CPU from
 * the search member beside it (at 400 jobs and load 17 to 20: 0.50% against
 * 0.16 to 0.26% without it; docs/optimization.md).
 */
const EXACT_SLOTS_PER_SECOND = 150;

/**
 * A replanning run is a repair when the current plan held at least half the
 * open slots and still keeps at least 90% of those it held (a week of leave
 * at year scale takes 4 of about 4,000 draft slots). milp warm-started from such a plan
 * keeps few pairs over its bounds and proves far faster than from scratch:
 * in the portfolio it proved the year's week-of-leave repair in 4.1 s on a
 * quiet machine, where the rate above kept it out and the run used its whole
 * 20 s (docs/performance.md, "A week of leave at year scale in 4 s").
 */
const REPAIR_HELD_SHARE = 0.5;
const REPAIR_KEPT_SHARE = 0.9;

/** Whether the current plan held most open slots and, as far as it still fits, keeps them (a repair). */
export function isRepair(ctx: AlgorithmContext): boolean {
  const plan = currentPlanState(ctx.compiled);
  if (plan === null) return false;
  const { openSlots, planned } = ctx.compiled;
  let held = 0;
  let kept = 0;
  for (const slot of openSlots) {
    if (planned[slot]! < 0) continue;
    held++;
    if (plan.assign[slot] === planned[slot]) kept++;
  }
  return held >= REPAIR_HELD_SHARE * openSlots.length && kept >= REPAIR_KEPT_SHARE * held;
}

/**
 * Whether a timed run gets the exact member: when the instance is small
 * enough for it to prove within the budget, or the run repairs a current
 * plan that still keeps most of its slots. A capped run has no clock to
 * share with it; a replay has it exactly when the recipe recorded it
 * (recipe.exact).
 */
export function exactMemberFits(ctx: AlgorithmContext, budgetMs: number): boolean {
  if (ctx.options.maxIterations !== undefined || ctx.options.replay !== undefined) return false;
  const left = budgetMs - ctx.elapsedMs;
  if (left < EXACT_MIN_BUDGET_MS) return false;
  return ctx.compiled.openSlots.length <= (EXACT_SLOTS_PER_SECOND * left) / 1000 || isRepair(ctx);
}

/** What the exact member's one run gave the portfolio. */
export interface ExactRun {
  /** True only when milp itself returned status `optimal` (both roles' MIPs proven). */
  readonly proved: boolean;
  readonly bound: number | null;
  /** Its best solution, offered once the epochs are over (so they never see it mid-run). */
  readonly state: SolutionState | null;
  /**
   * What reproduces its run (milp's own recipe); null when it has none to
   * follow (a proof by the whole model reruns to its proof) or cannot be reproduced.
   */
  readonly recipe: ReplayRecipe | null;
  /** Why the portfolio's run cannot be replayed with this member in it; null when it can. */
  readonly blocker: string | null;
  /** False when its thread was not ready before the budget ran out: it ran nothing and found nothing. */
  readonly started: boolean;
}

const failed = (blocker: string): ExactRun => ({
  proved: false,
  bound: null,
  state: null,
  recipe: null,
  blocker,
  started: true,
});

/** Too late to start (the thread loaded slower than the budget): the same run without a find, which replays. */
const neverStarted: ExactRun = {
  proved: false,
  bound: null,
  state: null,
  recipe: null,
  blocker: null,
  started: false,
};

/**
 * Runs the exact member once over the whole budget (it does not take part
 * in the epochs: its LPs and MIPs need the whole time), or, in a replay, from
 * its recorded recipe with no clock. When it proves its solution optimal,
 * `onProof` ends the epochs early: the portfolio's best is then that optimum
 * (nothing is better), and a replay reruns this member alone.
 */
export async function runExactMember(
  ctx: AlgorithmContext,
  worker: AlgorithmThread,
  budgetMs: number,
  record: MemberRecord,
  onProof: () => void,
  replay?: NonNullable<ReplayRecipe['exact']>,
): Promise<ExactRun> {
  try {
    await worker.ready;
  } catch (error) {
    record.error = error instanceof Error ? error.message : String(error);
    return failed(`${EXACT_MEMBER} failed: ${record.error}`);
  }
  const left = budgetMs - ctx.elapsedMs;
  if (replay?.started === false) return neverStarted;
  if (replay === undefined && (left <= 0 || ctx.isCancelled)) return neverStarted;
  record.started_ms = Math.round(ctx.elapsedMs);
  let result;
  try {
    result = await worker.run(
      {
        algorithm: EXACT_MEMBER,
        seed: ctx.options.seed,
        weights: ctx.compiled.weights,
        // A replay follows the recipe's counted stops, not a clock: it gets the run's whole limit.
        timeLimitMs: Math.max(1, replay === undefined ? left : ctx.remainingMs),
        ...(replay?.recipe ? { replay: replay.recipe } : {}),
      },
      { signal: ctx.signal },
    );
  } catch (error) {
    record.error = error instanceof Error ? error.message : String(error);
    return failed(`${EXACT_MEMBER} failed: ${record.error}`);
  }
  const state = new SolutionState(ctx.compiled);
  state.loadAssignment(assignmentVector(ctx.compiled, result.assignments));
  record.segments = 1;
  record.ended_ms = Math.round(ctx.elapsedMs);
  record.best = state.total;
  // Optimal only on the member's own proof; its F is then the optimum.
  const proved = result.status === 'optimal';
  record.proved = proved;
  if (proved) onProof();
  const because = result.stats.not_replayable_because;
  const recipe = result.stats.replay as ReplayRecipe | undefined;
  // A proof's F is the optimum, which any rerun that proves again reproduces, whichever way
  // milp went (its whole model hands HiGHS a time limit and has no recipe to follow).
  const replayable = proved || (recipe !== undefined && typeof because !== 'string');
  return {
    started: true,
    proved,
    bound: typeof result.bound === 'number' ? result.bound : null,
    state,
    recipe: replayable && typeof because !== 'string' ? (recipe ?? null) : null,
    blocker: replayable
      ? null
      : typeof because === 'string'
        ? `${EXACT_MEMBER} (the exact member): ${because}`
        : `${EXACT_MEMBER} (the exact member) reported no replay`,
  };
}

/**
 * Offers the exact member's best once the epochs are over; counts it in the
 * member's record when it is better than every epoch's find.
 */
export function offerExact(ctx: AlgorithmContext, exact: ExactRun, record: MemberRecord): void {
  if (exact.state === null) return;
  if (exact.state.total < ctx.best.total - 1e-9) record.found_best = exact.state.total;
  if (ctx.offer(exact.state, EXACT_MEMBER)) record.adopted_as_best++;
}
