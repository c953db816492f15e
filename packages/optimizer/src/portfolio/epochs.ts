import type { ReplayRecipe } from '../core/contract';
import { assignmentVector } from '../core/assignment-vector';
import { AlgorithmContext } from '../core/context';
import type { AlgorithmThread, RunOptions } from '../core/context';
import { SolutionState } from '../core/solution';
import { replayBlocker } from '../core/replay';
import { Rng } from '../core/rng';
import { relink } from './relink';
import type { RelinkPath } from './relink';
import { mixKeys, portfolioMargin } from './members';
import type { MemberRecord, PortfolioMix } from './members';

/** `finder` when the incumbent is the start solution, or path relinking's. */
const START = -1;
const RELINKED = -2;
/** A thread member that becomes ready with less than this share of an epoch left sits the epoch out. */
const MIN_EPOCH_SHARE = 0.1;
/** Progress ticks while the members run. */
const TICK_MS = 500;

/** How the members' runs of an epoch are bounded. */
type EpochMode =
  | { readonly kind: 'capped'; readonly cap: number }
  | { readonly kind: 'replay'; readonly epochs: readonly (readonly (ReplayRecipe | null)[])[] }
  | { readonly kind: 'timed' };

/** A member's run of one epoch: its recipe, or why it cannot be replayed. */
interface MemberRun {
  readonly state: SolutionState;
  readonly recipe: ReplayRecipe;
  readonly blocker: string | null;
  readonly iterations: number | null;
}

/**
 * The portfolio in epochs. In each epoch every member runs side by side (one
 * on this thread, the others on worker threads) from the same incumbent with
 * a seed of its own, and is waited for; the epoch's best (ties to the earlier
 * member) is the next incumbent, or path relinking's between the members'
 * finds when it beats them (relink.ts). Solutions are exchanged only there, so the
 * run is a function of the seed and each member's runs, whose recipes
 * (schedule and iterations, ReplayRecipe) it records per epoch: a replay runs
 * the same epochs from the same incumbents. Under an iteration cap each
 * member runs its share of the cap per epoch; under a time limit an epoch
 * ends at its share of the budget (the limit less portfolioMargin), and a
 * thread member joins the first epoch when its thread is ready (the in-thread
 * member starts at once).
 */
export async function runEpochs(
  ctx: AlgorithmContext,
  pending: Promise<AlgorithmThread[]>,
  records: MemberRecord[],
  mix: PortfolioMix,
  stop: AbortSignal,
  budgetMs: number = ctx.deadlineMs - portfolioMargin(ctx.options.timeLimitMs),
): Promise<{ stats: Record<string, unknown>; replay: ReplayRecipe; blocker: string | null }> {
  const workers = await pending;
  const replayed = ctx.options.replay?.epochs;
  const mode: EpochMode = replayed
    ? { kind: 'replay', epochs: replayed }
    : ctx.options.maxIterations !== undefined
      ? { kind: 'capped', cap: ctx.options.maxIterations }
      : { kind: 'timed' };
  const epochCount = mode.kind === 'replay' ? mode.epochs.length : mix.epochs;
  const keys = mixKeys(mix);
  const epochEndMs = (e: number) => (budgetMs * (e + 1)) / epochCount;
  if (mode.kind !== 'timed') {
    // Capped and replayed epochs wait for every thread: a member that sat out would change the run.
    await Promise.all(
      workers.map((w, k) =>
        w.ready.catch((error: unknown) => {
          records[k + 1]!.error = error instanceof Error ? error.message : String(error);
        }),
      ),
    );
  }

  // The member whose find is the incumbent (START, RELINKED: not a member's), and the best each member held.
  let finder = START;
  const relinked: ({ epoch: number; adopted_as_best: boolean } & RelinkPath)[] = [];
  let relinkMs = 0;
  const held = records.map(() => Infinity);
  const incumbents: { found_by: string; total: number }[] = [];
  const recipes: (ReplayRecipe | null)[][] = [];
  const blockers: string[] = [];
  let epochs = 0;
  const summary = () =>
    `portfolio epoch ${Math.min(epochs + 1, epochCount)} of ${epochCount}: best ${ctx.best.total.toFixed(1)} (${ctx.foundBy ?? 'start'})`;
  const ticks = setInterval(() => ctx.report(summary(), undefined, true), TICK_MS);
  try {
    for (let e = 0; e < epochCount && !stop.aborted && !ctx.shouldStop(); e++) {
      // A run's options for member i this epoch, or null when it sits the epoch out.
      const plan = (i: number): RunOptions | null => {
        const base = {
          algorithm: keys[i]!,
          seed: (ctx.options.seed + 1009 * e + 17 * i) >>> 0,
          weights: ctx.compiled.weights,
          initial: ctx.best.assign.slice(),
        };
        if (mode.kind === 'capped')
          return {
            ...base,
            timeLimitMs: Math.max(1, ctx.remainingMs),
            maxIterations: Math.ceil(mode.cap / epochCount),
          };
        if (mode.kind === 'replay') {
          const recipe = mode.epochs[e]?.[i] ?? null;
          return recipe && { ...base, timeLimitMs: Math.max(1, ctx.remainingMs), replay: recipe };
        }
        // The in-thread member is there from the start and always runs; a thread member that
        // would join with a sliver of the epoch left sits it out.
        const left = epochEndMs(e) - ctx.elapsedMs;
        return i === 0 || left >= MIN_EPOCH_SHARE * (budgetMs / epochCount)
          ? { ...base, timeLimitMs: Math.max(1, left) }
          : null;
      };
      records.forEach((record, i) => {
        if (finder !== START && finder !== i && ctx.best.total < held[i]! - 1e-9)
          record.adoptions++;
      });
      const inThread = async (): Promise<MemberRun | null> => {
        const options = plan(0);
        if (!options) return null;
        records[0]!.started_ms ??= Math.round(ctx.elapsedMs);
        const sub = new AlgorithmContext(ctx.instance, ctx.compiled, options, stop, undefined, {
          now: ctx.now,
        });
        const outcome = await mix.inThread.run(sub);
        const iterations = countOf(outcome.stats);
        return {
          state: sub.best,
          recipe: sub.replayRecipe(iterations ?? undefined),
          blocker: replayBlocker(mix.inThread.key, sub, outcome),
          iterations,
        };
      };
      const onThread = async (worker: AlgorithmThread, i: number): Promise<MemberRun | null> => {
        if (records[i]!.error) throw new Error(records[i]!.error);
        if (mode.kind === 'timed' && !worker.isReady) {
          // Waits for the thread until the epoch ends; it joins if enough of the epoch is left.
          const wait = Math.max(0, epochEndMs(e) - ctx.elapsedMs);
          let timer: NodeJS.Timeout | undefined;
          let onStop: (() => void) | undefined;
          await Promise.race([
            worker.ready,
            new Promise<void>((resolve) => {
              timer = setTimeout(resolve, wait);
              onStop = () => resolve();
              stop.addEventListener('abort', onStop, { once: true });
            }),
          ]).finally(() => {
            clearTimeout(timer);
            if (onStop) stop.removeEventListener('abort', onStop);
          });
          if (!worker.isReady || stop.aborted) return null;
        }
        const options = plan(i);
        if (!options) return null;
        records[i]!.started_ms ??= Math.round(ctx.elapsedMs);
        const result = await worker.run(options, { signal: stop });
        const state = new SolutionState(ctx.compiled);
        state.loadAssignment(assignmentVector(ctx.compiled, result.assignments));
        return {
          state,
          recipe: (result.stats.replay as ReplayRecipe | undefined) ?? {},
          blocker:
            result.stats.replayable === true
              ? null
              : typeof result.stats.not_replayable_because === 'string'
                ? result.stats.not_replayable_because
                : 'it reported no replay',
          iterations: countOf(result.stats),
        };
      };
      const incumbentBefore = ctx.best.total;
      const settled = await Promise.allSettled([
        inThread(),
        ...workers.map((w, k) => onThread(w, k + 1)),
      ]);
      epochs++;
      const epochRecipes: (ReplayRecipe | null)[] = [];
      const finds: SolutionState[] = [];
      settled.forEach((outcome, i) => {
        const record = records[i]!;
        if (outcome.status === 'rejected') {
          record.error ??= outcome.reason instanceof Error ? outcome.reason.message : 'failed';
          blockers.push(`${record.algorithm} failed in epoch ${e + 1}: ${record.error}`);
          epochRecipes.push(null);
          return;
        }
        const run = outcome.value;
        epochRecipes.push(run?.recipe ?? null);
        if (!run) return;
        finds.push(run.state);
        if (run.blocker) blockers.push(`${record.algorithm} in epoch ${e + 1}: ${run.blocker}`);
        record.segments++;
        if (run.iterations !== null) record.iterations = (record.iterations ?? 0) + run.iterations;
        const total = run.state.total;
        held[i] = Math.min(held[i]!, total);
        record.best = Math.min(record.best ?? Infinity, total);
        if (total < ctx.best.total - 1e-9)
          record.found_best = Math.min(record.found_best ?? Infinity, total);
        if (ctx.offer(run.state, keys[i])) finder = i;
      });
      // Between epochs (not after the last: its time is the margin's), path relinking between
      // the first two members' finds, both ways; a better solution is the next incumbent.
      if (e < epochCount - 1 && finds.length >= 2 && !stop.aborted) {
        const started = ctx.elapsedMs;
        const rng = new Rng((ctx.options.seed + 7919 * (e + 1)) >>> 0);
        for (const [from, guide] of [
          [finds[0]!, finds[1]!],
          [finds[1]!, finds[0]!],
        ] as const) {
          const { state, path } = relink(from, guide, rng);
          const adopted = state !== null && ctx.offer(state, 'path relinking');
          if (adopted) finder = RELINKED;
          relinked.push({ epoch: e + 1, ...path, adopted_as_best: adopted });
        }
        relinkMs += ctx.elapsedMs - started;
      }
      // Counted once per epoch, for the find every member starts the next epoch from (or the result).
      if (finder >= 0 && ctx.best.total < incumbentBefore - 1e-9)
        records[finder]!.adopted_as_best++;
      recipes.push(epochRecipes);
      incumbents.push({
        found_by: finder >= 0 ? keys[finder]! : finder === RELINKED ? 'path relinking' : 'start',
        total: ctx.best.total,
      });
      // Under a time limit the clock is the progress; otherwise the share of epochs done.
      ctx.report(summary(), mode.kind === 'timed' ? undefined : (e + 1) / epochCount, true);
    }
  } finally {
    clearInterval(ticks);
  }
  if (mode.kind === 'replay' && epochs < epochCount)
    blockers.push(`the run stopped after ${epochs} of ${epochCount} epochs`);
  // A member cut off by its deadline (the epoch's end) means the limit ended the run; a proof
  // (stop without a cancel) did not.
  if (mode.kind === 'timed' && !stop.aborted) ctx.isTimedOut = true;
  return {
    stats: {
      mode: `${epochs} epochs (${mode.kind === 'timed' ? 'time limit' : mode.kind === 'capped' ? 'iteration cap' : 'replay'})`,
      budget_ms: Math.round(budgetMs),
      incumbent_after_round: incumbents,
      path_relinking: relinked,
      path_relinking_ms: Math.round(relinkMs),
    },
    replay: { epochs: recipes },
    blocker: blockers.length > 0 ? blockers.join('; ') : null,
  };
}

/** A run's main-loop iterations, when its method counts them. */
function countOf(stats: Record<string, unknown> | undefined): number | null {
  return typeof stats?.iterations === 'number' ? stats.iterations : null;
}
