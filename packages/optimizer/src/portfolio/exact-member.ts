import type { AlgorithmKey } from '@meridian/domain';
import { assignmentVector } from '../core/assignment-vector';
import type { AlgorithmContext, AlgorithmThread } from '../core/context';
import { SolutionState } from '../core/solution';
import type { MemberRecord } from './members';

/** The exact member: HiGHS by role (with its own ALNS beside the LPs), on a worker thread of its own. */
export const EXACT_MEMBER: AlgorithmKey = 'milp';
/**
 * Below this budget the exact member is left out: its thread and its two
 * HiGHS threads take about a second to load under load, and a portfolio run
 * that short (the replay tests' 1.5 s) stays replayable.
 */
const EXACT_MIN_BUDGET_MS = 4_000;
/**
 * Open slots the exact member can prove per second of budget, measured on
 * this 2-core machine under load 17 to 23 (2026-11-26/27): milp proved
 * 150 x 20 (300 open slots) in 5.7 to 9 s, 400 x 40 (800) in 14 s and
 * 1,000 x 80 (2,000) in 43 to 67 s, i.e. 35 to 57 slots a second. With 40 a
 * 10 s portfolio takes it at 150 jobs and not at 400, and a 20 s one not at
 * 1,000: where it cannot prove it only takes CPU from the searches. Forced
 * in at 400 and 1,000 jobs (paired runs, seeds 1 and 3, load 20 to 25,
 * 2026-11-27) the portfolio ended 6 to 20 of F worse at both sizes.
 */
const EXACT_SLOTS_PER_SECOND = 40;

/**
 * Whether this run gets the exact member: only under a time limit (a capped
 * or replayed run must repeat, and milp is bound by the clock), and only
 * when the instance is small enough for it to prove within the budget.
 */
export function exactMemberFits(ctx: AlgorithmContext, budgetMs: number): boolean {
  if (ctx.options.maxIterations !== undefined || ctx.options.replay !== undefined) return false;
  const left = budgetMs - ctx.elapsedMs;
  return (
    left >= EXACT_MIN_BUDGET_MS &&
    ctx.compiled.openSlots.length <= (EXACT_SLOTS_PER_SECOND * left) / 1000
  );
}

/** What the exact member's one run gave the portfolio. */
export interface ExactRun {
  /** True only when milp itself returned status `optimal` (both roles' MIPs proven). */
  readonly proved: boolean;
  readonly bound: number | null;
  /** Why the portfolio's run cannot be replayed with this member in it. */
  readonly blocker: string;
}

/**
 * Runs the exact member once over the whole budget (it does not take part
 * in the epochs: its LPs and MIPs need the whole time) and offers its best.
 * When it proves its solution optimal, `onProof` ends the epochs early: the
 * portfolio's best is then that optimum (nothing is better).
 */
export async function runExactMember(
  ctx: AlgorithmContext,
  worker: AlgorithmThread,
  budgetMs: number,
  record: MemberRecord,
  onProof: () => void,
): Promise<ExactRun> {
  try {
    await worker.ready;
  } catch (error) {
    record.error = error instanceof Error ? error.message : String(error);
    return { proved: false, bound: null, blocker: `${EXACT_MEMBER} failed: ${record.error}` };
  }
  const left = budgetMs - ctx.elapsedMs;
  if (left <= 0 || ctx.isCancelled)
    return { proved: false, bound: null, blocker: `${EXACT_MEMBER} never started` };
  record.started_ms = Math.round(ctx.elapsedMs);
  let result;
  try {
    result = await worker.run(
      {
        algorithm: EXACT_MEMBER,
        seed: ctx.options.seed,
        weights: ctx.compiled.weights,
        timeLimitMs: Math.max(1, left),
      },
      { signal: ctx.signal },
    );
  } catch (error) {
    record.error = error instanceof Error ? error.message : String(error);
    return { proved: false, bound: null, blocker: `${EXACT_MEMBER} failed: ${record.error}` };
  }
  const state = new SolutionState(ctx.compiled);
  state.loadAssignment(assignmentVector(ctx.compiled, result.assignments));
  record.segments = 1;
  record.ended_ms = Math.round(ctx.elapsedMs);
  record.best = state.total;
  if (state.total < ctx.best.total - 1e-9) record.found_best = state.total;
  if (ctx.offer(state, EXACT_MEMBER)) record.adopted_as_best++;
  // Optimal only on the member's own proof; its F is then the optimum, and the portfolio's best
  // (offered before or just now) can be no worse.
  const proved = result.status === 'optimal';
  record.proved = proved;
  if (proved) onProof();
  const because = result.stats.not_replayable_because;
  return {
    proved,
    bound: typeof result.bound === 'number' ? result.bound : null,
    // milp's own runs replay from their recipe since issue 11's HiGHS work caps; the portfolio does
    // not yet record that recipe (nor where a proof cut the epochs), so its run cannot be replayed.
    blocker:
      typeof because === 'string'
        ? `${EXACT_MEMBER} (the exact member): ${because}`
        : `the portfolio does not record its exact member's (${EXACT_MEMBER}) recipe yet`,
  };
}
