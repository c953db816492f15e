import { UNASSIGNED_PENALTY } from '@meridian/domain';
import { slotCandidates } from '../core/compile';
import { AlgorithmContext } from '../core/context';
import type { AlgorithmContext as Ctx, AlgorithmOutcome } from '../core/context';
import type { MilpRecipe, ReplayRecipe } from '../core/contract';
import type { SolutionState } from '../core/solution';
import { alns } from '../local-search/alns';
import { highsOvershootSec } from './highs-runner';
import type { RoleOrder } from './milp-role-messages';
import { buildRoleModel, pairsOfState } from './milp-role-model';
import type { RoleModel } from './milp-role-model';
import { newRoleRun, startRoleThread, threadBlocker } from './milp-role-threads';
import type { RoleRun, RoleThreadsSetup } from './milp-role-threads';
import { startHeartbeat } from './milp-solve';

/**
 * Most of the time that column generation (and the ALNS warm start beside it)
 * may take; the MIPs start as soon as both LPs converge (about 10 s at 1,000
 * jobs). A MIP from an unconverged LP has a weak bound and a room too wide to
 * finish (the year under load, 4 rounds in 45%), so an LP that needs it gets
 * most of the time: the bound improves and so does ALNS's incumbent.
 */
const LP_SHARE = 0.7;
/** ALNS segments while the LPs are priced: short, so the MIPs start soon after the LPs end. */
const ALNS_SEGMENT_MS = 400;

/**
 * The fillable slots (open, with a candidate free of the pinned work) when
 * `warm` fills every one of them, else null: then the slot rows are
 * equalities and coverage needs no phase of its own.
 */
export function fillableIfAllFilled(fixed: SolutionState, warm: SolutionState): number[] | null {
  const c = fixed.c;
  const fillable: number[] = [];
  for (const slot of c.openSlots) {
    if (!slotCandidates(c, slot).some((p) => fixed.isFree(p, slot >> 1))) continue;
    if (warm.assign[slot]! < 0) return null;
    fillable.push(slot);
  }
  return fillable;
}

/**
 * milp by role: the lead and the data-acq problems, each on its own HiGHS
 * thread (own 2 GiB WebAssembly heap): column generation on its LP with a
 * Lagrangian bound, while ALNS improves the warm start on this thread; then
 * the MIP over the pairs whose reduced cost leaves room under the incumbent,
 * which is exact. Optimal when both roles' MIPs are proven.
 */
export async function milpByRole(
  ctx: Ctx,
  fixed: SolutionState,
  warm: SolutionState,
  fillable: readonly number[],
): Promise<AlgorithmOutcome> {
  if (ctx.startAssignment) {
    // A given start (the best known solution, or the current plan): ALNS and the MIPs start
    // from it when it is better.
    const given = fixed.clone();
    given.loadAssignment(ctx.startAssignment);
    if (fillableIfAllFilled(fixed, given)) ctx.offer(given, 'milp start (given)');
  }
  // A replay follows the recorded run's ALNS segments and stops each HiGHS thread where it stopped.
  const recorded = ctx.options.replay?.milp;
  const models = [0, 1].map((role) => buildRoleModel(ctx.compiled, fixed, role, fillable, true));
  const budgetMs = ctx.remainingMs;
  const deadline = Date.now() + budgetMs;
  const lpDeadline = Date.now() + LP_SHARE * budgetMs;
  const stopBuffer = new SharedArrayBuffer(4);
  const stop = new Int32Array(stopBuffer);
  const runs: RoleRun[] = models.map(() => newRoleRun());
  let line = `milp by role: pricing the LPs (${models.map((m) => m.pairSlot.length).join(' + ')} pairs)`;
  const heartbeat = startHeartbeat(ctx, () => line);
  const offerPairs = () => {
    if (offerRolePairs(ctx, fixed, models, runs))
      line = `milp by role: new incumbent F ${ctx.best.total.toFixed(2)}`;
  };
  const setup: RoleThreadsSetup = {
    ctx,
    warm,
    stopBuffer,
    deadline,
    lpDeadline,
    recorded: recorded?.roles,
    onLine: (text) => (line = text),
    onIncumbent: offerPairs,
  };
  const threads = models.map((model, r) => startRoleThread(setup, model, r, runs[r]!));
  const cancel = () => Atomics.store(stop, 0, 1);
  ctx.signal?.addEventListener('abort', cancel, { once: true });
  const overshootMs =
    1000 * highsOvershootSec(models.reduce((s, m) => s + m.pairRows.length, 0) / 4);
  const timer = setTimeout(cancel, Math.max(0, deadline - Date.now() - overshootMs));

  const lpReady = Promise.all(threads.map((t) => t.lpReady));
  const warmStart = await alnsWarmStart(ctx, lpReady, recorded, lpDeadline);
  await Promise.all(threads.map((t) => t.lpReady));
  // Coverage stays maximal (F's first term); the incumbent fills every fillable slot.
  const start = fillableIfAllFilled(fixed, ctx.best) ? ctx.best : warm;
  threads.forEach((t, r) =>
    t.worker.postMessage({ incumbent: pairsOfState(models[r]!, start) } satisfies RoleOrder),
  );
  line = 'milp by role: MIPs over the kept pairs';
  await Promise.all(threads.map((t) => t.finished));
  clearTimeout(timer);
  ctx.signal?.removeEventListener('abort', cancel);
  heartbeat();
  offerPairs();
  return roleOutcome(ctx, models, runs, warmStart);
}

/**
 * Offers the roles' incumbents together (a role that streamed none keeps the
 * best's pairs); true when the run took it as its best.
 */
function offerRolePairs(
  ctx: Ctx,
  fixed: SolutionState,
  models: readonly RoleModel[],
  runs: readonly RoleRun[],
): boolean {
  const state = fixed.clone();
  for (let r = 0; r < 2; r++) {
    const pairs = runs[r]!.pairs ?? pairsOfState(models[r]!, ctx.best);
    const m = models[r]!;
    for (const q of pairs) {
      if (q < 0) continue;
      const slot = m.slots[m.pairSlot[q]!]!;
      // An x that breaks feasibility (numerical trouble) is not a solution.
      if (!state.canMove(slot, m.pairPhysicist[q]!)) return false;
      state.move(slot, m.pairPhysicist[q]!);
    }
  }
  return ctx.offer(state, 'milp by role (HiGHS incumbent)');
}

/** The ALNS warm start's segments: their recipes, iterations, and why one cannot be replayed. */
interface WarmStart {
  readonly segments: ReplayRecipe[];
  readonly iterations: number;
  readonly blocker: string | undefined;
}

/**
 * ALNS on this thread while the LPs are priced (until `lpReady`): the
 * incumbent that decides which pairs the MIPs keep. Under an iteration cap
 * (tests) one ALNS run of that many iterations, so a seed repeats; otherwise
 * segments until both LPs are priced; on a replay, the recorded segments.
 */
async function alnsWarmStart(
  ctx: Ctx,
  lpReady: Promise<unknown>,
  recorded: MilpRecipe | undefined,
  lpDeadline: number,
): Promise<WarmStart> {
  let iterationsSum = 0;
  let lpBoth = false;
  void lpReady.then(() => (lpBoth = true));
  const capped = ctx.options.maxIterations !== undefined;
  const segments: ReplayRecipe[] = [];
  let blocker: string | undefined;
  const { replay: _milpRecipe, ...options } = ctx.options;
  const moreSegments = () =>
    recorded
      ? segments.length < recorded.alns.length && !ctx.isCancelled
      : (capped || (!lpBoth && Date.now() < lpDeadline)) && !ctx.shouldStop();
  while (moreSegments()) {
    const segment = recorded?.alns[segments.length];
    const sub = new AlgorithmContext(
      ctx.instance,
      ctx.compiled,
      {
        ...options,
        algorithm: 'alns',
        timeLimitMs:
          segment || capped
            ? Math.max(1, ctx.remainingMs)
            : Math.min(ALNS_SEGMENT_MS, lpDeadline - Date.now()),
        initial: ctx.best.assign.slice(),
        ...(segment ? { replay: segment } : {}),
      },
      ctx.signal,
    );
    const out = await alns(sub);
    const iterations = out.stats?.iterations;
    iterationsSum += Number(iterations ?? 0);
    segments.push(sub.replayRecipe(typeof iterations === 'number' ? iterations : undefined));
    blocker ??= out.notReplayableBecause ?? undefined;
    ctx.offer(sub.best, 'milp warm start (alns)');
    await ctx.pause();
    if (capped && !recorded) break;
  }
  return { segments, iterations: iterationsSum, blocker };
}

/** The run's outcome from what the roles' threads reported: status, bound, recipe and stats. */
function roleOutcome(
  ctx: Ctx,
  models: readonly RoleModel[],
  runs: readonly RoleRun[],
  warmStart: WarmStart,
): AlgorithmOutcome {
  const proven = runs.every((r) => r.done?.optimal === true);
  // Each role's part of F is a sum of miles, |n - t| and repeat visits, never below 0; coverage is
  // maximal (every fillable slot filled), so the empty slots of the best are the fewest possible.
  const bounds = runs.map((r) => Math.max(0, r.done?.bound ?? r.lp?.bound ?? 0));
  const bound = UNASSIGNED_PENALTY * ctx.best.unassigned + bounds[0]! + bounds[1]!;
  if (!proven && !ctx.isCancelled) ctx.isTimedOut = true;
  const blocker = warmStart.blocker ?? threadBlocker(runs);
  return {
    ...(proven ? { status: 'optimal' as const } : {}),
    bound,
    replay: {
      milp: {
        alns: warmStart.segments,
        roles: runs.map((r) => r.done?.recipe ?? r.killed ?? r.at.recipe),
      },
    },
    ...(blocker ? { notReplayableBecause: blocker } : {}),
    stats: {
      method:
        "milp by role: column generation per role with a Lagrangian bound, an LP dive and RINS for the incumbent, then the MIP over the pairs within the incumbent's reduced-cost room",
      warm_start_alns_iterations: warmStart.iterations,
      roles: runs.map((r, i) => roleStats(models[i]!, r, bounds[i]!, i)),
    },
  };
}

/** One role's stats: its model, its LP, its MIPs and its bound. */
function roleStats(model: RoleModel, r: RoleRun, bound: number, i: number) {
  return {
    role: i === 0 ? 'lead' : 'data-acq',
    slots: model.slotCount,
    pairs: model.pairSlot.length,
    lp_rounds: r.lp?.rounds ?? 0,
    lp_converged: r.lp?.converged ?? false,
    lp_columns: r.lp?.columns ?? 0,
    // Rows HiGHS held when the LP ended (the role's model has more; they enter when broken).
    lp_rows: r.lp?.rows ?? 0,
    model_rows: model.rowLower.length,
    lagrangian_bound: r.done?.lagrangian ?? r.lp?.bound ?? null,
    // The role's part of F at the MIPs' start (ALNS's) and at their end.
    incumbent: r.done?.incumbent ?? null,
    incumbent_final: r.done?.final ?? null,
    mip_pairs_kept: r.done?.kept ?? 0,
    // HiGHS runs over all MIPs: the LP dive, RINS and the stages.
    mip_stages: r.done?.stages ?? 0,
    // The LP dive (the LP's whole slots fixed) and RINS (fixed where the LP and the incumbent
    // agree) before stage 1: free slots and the incumbent after each.
    mip_neighbourhoods: r.done?.neighbourhoods ?? [],
    mip_status: r.done?.status ?? null,
    mip_nodes: r.done?.nodes ?? 0,
    // HiGHS's interrupt callbacks over the thread's runs: the work count its recipe cuts at.
    highs_callbacks: r.done?.callbacks ?? null,
    lp_highs_callbacks: r.lp?.callbacks ?? null,
    proven: r.done?.optimal ?? false,
    bound,
    ...(r.error ? { error: r.error } : {}),
  };
}
