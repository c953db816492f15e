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

/** Runs the two phases on `model` (fixed part `fixed`), offering each incumbent to ctx. */
export function solveModel(
  ctx: AlgorithmContext,
  model: MilpModel,
  fixed: SolutionState,
  warm: SolutionState,
  timeLimitSec: number,
): Promise<HighsRun> {
  const filled = countFilled(model, warm);
  return runHighs(model, {
    timeLimitSec,
    seed: ctx.options.seed,
    signal: ctx.signal,
    // Every slot the model can fill is filled: maximal coverage is proven without phase 1.
    knownCoverage: filled === model.fillableSlots ? filled : null,
    warmStart: columnsFromState(model, ctx.compiled, warm),
    warmCoverage: filled,
    onIncumbent: (x) => {
      const state = stateFromX(model, fixed, x);
      if (state) ctx.offer(state, 'milp (HiGHS incumbent)');
    },
    onLog: (phase, primal, dual, gap) => {
      ctx.report(
        `HiGHS phase ${phase}: incumbent ${primal.toFixed(2)}, bound ${dual.toFixed(2)}, gap ${(100 * gap).toFixed(2)}%`,
      );
    },
  });
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
