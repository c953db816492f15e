import type { AlgorithmContext } from '../core/context';
import type { CompiledInstance } from '../core/compile';
import type { SolutionState } from '../core/solution';
import { runHighs } from './highs-runner';
import type { HighsRun } from './highs-runner';
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

const num = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : '-');

/**
 * Runs the two phases on `model` (fixed part `fixed`), offering each
 * incumbent to ctx and reporting progress while HiGHS runs: each incumbent,
 * HiGHS's incumbent and dual bound as it posts them (phase 1 counts filled
 * slots, phase 2 is the rest of F on the model), and a heartbeat.
 */
export async function solveModel(
  ctx: AlgorithmContext,
  model: MilpModel,
  fixed: SolutionState,
  warm: SolutionState,
  timeLimitSec: number,
): Promise<HighsRun> {
  const filled = countFilled(model, warm);
  let line = `HiGHS: ${model.xCount} binaries, starting from F ${num(ctx.best.total)}`;
  const stop = startHeartbeat(ctx, () => line);
  try {
    return await runHighs(model, {
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

/** Whether HiGHS stopped on its time limit (or was stopped at the deadline) rather than finishing. */
export function endedOnTimeLimit(run: HighsRun): boolean {
  return (
    run.outcome === 'stopped' ||
    run.phase1?.status === 'timeLimit' ||
    run.phase2?.status === 'timeLimit'
  );
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
