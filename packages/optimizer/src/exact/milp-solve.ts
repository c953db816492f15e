import type { AlgorithmContext } from '../core/context';
import type { CompiledInstance } from '../core/compile';
import type { HighsRecipe } from '../core/contract';
import type { SolutionState } from '../core/solution';
import { runHighs } from './highs-runner';
import type { HighsRun, HighsRunOptions } from './highs-runner';
import { columnsFromState } from './milp-model';
import type { MilpModel } from './milp-model';

/**
 * Above this many matrix nonzeros the full model is not attempted: the WASM
 * build of HiGHS is capped at 2 GiB, and the 1000 x 100 model (about 82k
 * binaries) reached that cap (ARCHITECTURE.md). Calibrated so that 400-job
 * models stay whole.
 */
export const MAX_FULL_MODEL_NONZEROS = 450_000;

/** How often progress is re-sent while HiGHS works, whether or not it has news. */
const HEARTBEAT_MS = 500;

/**
 * Reports `line()` now and every HEARTBEAT_MS until the returned stop is
 * called: HiGHS runs on its own thread, so this thread is free to tell the
 * caller that the run is alive and what it knows so far.
 */
export function startHeartbeat(ctx: AlgorithmContext, line: () => string): () => void {
  ctx.report(line(), undefined, true);
  const timer = setInterval(() => ctx.report(line(), undefined, true), HEARTBEAT_MS);
  return () => clearInterval(timer);
}

/**
 * The HiGHS runs of one method's run, in the order they start: each records
 * its recipe (HighsRecipe), and on a replay each gets the recorded recipe of
 * its place in that order, so it runs with the recorded options and stops
 * where the recorded run stopped.
 */
export class HighsRuns {
  readonly recipes: HighsRecipe[] = [];
  private crash: string | undefined;

  constructor(private readonly ctx: AlgorithmContext) {}

  /** The next run's recorded recipe, on a replay. */
  get next(): HighsRecipe | undefined {
    return this.ctx.options.replay?.highs?.[this.recipes.length];
  }

  /** Runs HiGHS as the next run of the sequence (with its recorded recipe on a replay). */
  async run(model: MilpModel, options: HighsRunOptions): Promise<HighsRun> {
    const replay = this.next;
    // A replay stops on the recipe's counts; the clock only bounds one that cannot finish.
    const timeLimitSec = replay ? remainingSec(this.ctx, 0.2) : options.timeLimitSec;
    const run = await runHighs(model, { ...options, timeLimitSec, ...(replay ? { replay } : {}) });
    this.recipes.push(run.recipe);
    if (run.outcome === 'crashed') this.crash ??= `HiGHS crashed (${run.error ?? 'no answer'})`;
    return run;
  }

  /** Why the runs cannot be replayed (a crash: its point is the heap's, not HiGHS's counted work). */
  get blocker(): string | undefined {
    return this.crash;
  }
}

const num = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : '-');

/**
 * Runs the two phases on `model` (fixed part `fixed`), offering each
 * incumbent to ctx and reporting progress while HiGHS runs: each incumbent,
 * HiGHS's incumbent and dual bound as it posts them (phase 1 counts filled
 * slots, phase 2 is the rest of F on the model), and a heartbeat. The run
 * is the next of `runs` (which replays it from its recipe on a replay).
 */
export async function solveModel(
  ctx: AlgorithmContext,
  model: MilpModel,
  fixed: SolutionState,
  warm: SolutionState,
  timeLimitSec: number,
  runs = new HighsRuns(ctx),
): Promise<HighsRun> {
  const filled = countFilled(model, warm);
  let line = `HiGHS: ${model.xCount} binaries, starting from F ${num(ctx.best.total)}`;
  const stop = startHeartbeat(ctx, () => line);
  try {
    return await runs.run(model, {
      timeLimitSec,
      seed: ctx.options.seed,
      signal: ctx.signal,
      // Every slot the model can fill is filled: maximal coverage is proven without phase 1.
      knownCoverage: filled === model.fillableSlots ? filled : null,
      warmStart: columnsFromState(model, ctx.compiled, warm),
      warmCoverage: filled,
      onIncumbent: (x, phase) => {
        const state = stateFromX(model, fixed, x);
        if (state && ctx.offer(state, 'milp (HiGHS incumbent)')) {
          line = `HiGHS phase ${phase}: new incumbent, F ${num(ctx.best.total)}`;
          ctx.report(line, undefined, true);
        }
      },
      onLog: (phase, primal, dual, gap) => {
        const what = phase === 1 ? 'slots filled' : 'rest of F';
        line = `HiGHS phase ${phase} (${what}): incumbent ${num(primal)}, bound ${num(dual)}, gap ${Number.isFinite(gap) ? `${num(100 * gap)}%` : '-'}`;
        ctx.report(line);
      },
    });
  } finally {
    stop();
  }
}

/** Loads the run's x into a state and offers it; returns whether it was feasible. */
export function applyRun(
  ctx: AlgorithmContext,
  model: MilpModel,
  fixed: SolutionState,
  run: HighsRun,
): boolean {
  if (!run.x) return false;
  const state = stateFromX(model, fixed, run.x);
  if (!state) return false;
  ctx.offer(state, 'milp (HiGHS)');
  return true;
}

/** The fixed part plus the x values, or null if an x breaks feasibility (numerical trouble). */
export function stateFromX(
  model: MilpModel,
  fixed: SolutionState,
  x: Float64Array,
): SolutionState | null {
  const state = fixed.clone();
  for (let k = 0; k < model.xCount; k++) {
    if ((x[k] ?? 0) < 0.5) continue;
    const slot = model.xSlot[k]!;
    const p = model.xPhysicist[k]!;
    if (!state.canMove(slot, p) || state.assign[slot] !== -1) return null;
    state.move(slot, p);
  }
  return state;
}

export function allJobs(c: CompiledInstance): number[] {
  return Array.from({ length: c.jobCount }, (_, j) => j);
}

/**
 * Whether HiGHS stopped on its time limit (or was stopped at the deadline)
 * rather than finishing: the time is up at an interrupt callback (status
 * interrupted, or on a replay where the recorded run's was), or HiGHS's own
 * limit stopped it between callbacks.
 */
export function endedOnTimeLimit(run: HighsRun): boolean {
  const limited = (status: string | undefined) =>
    status === 'timeLimit' || status === 'interrupted';
  return run.outcome === 'stopped' || limited(run.phase1?.status) || limited(run.phase2?.status);
}

/** Seconds to the run's deadline (which keeps the finishing reserve back), less `marginSec`. */
export function remainingSec(ctx: AlgorithmContext, marginSec: number): number {
  return Math.max(0.1, ctx.remainingMs / 1000 - marginSec);
}

export interface ModelSize {
  readonly binaries: number;
  readonly columns: number;
  readonly rows: number;
  readonly nonzeros: number;
}

export function modelSize(model: MilpModel): ModelSize {
  return {
    binaries: model.xCount,
    columns: model.numCols,
    rows: model.numRows,
    nonzeros: model.indices.length,
  };
}

function countFilled(model: MilpModel, state: SolutionState): number {
  let filled = 0;
  const seen = new Set<number>();
  for (let k = 0; k < model.xCount; k++) {
    const slot = model.xSlot[k]!;
    if (!seen.has(slot) && state.assign[slot]! >= 0) filled++;
    seen.add(slot);
  }
  return filled;
}
