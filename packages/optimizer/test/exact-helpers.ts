import { checkHardConstraints, evaluateObjective } from '@meridian/domain';
import type { Instance } from '@meridian/domain';
import { compileInstance } from '../src/core/compile';
import { AlgorithmContext } from '../src/core/context';
import type { Algorithm, AlgorithmOutcome, RunOptions, RunSetup } from '../src/core/context';
import type { SolveProgress } from '../src/core/contract';
import { fillEmptySlots } from '../src/core/coverage';
import { SolutionState } from '../src/core/solution';
import { nearestFeasibleGreedy } from '../src/construct/nearest-feasible';
import { buildMilpModel } from '../src/exact/milp-model';
import { allJobs, modelSize } from '../src/exact/milp-solve';
import { solveByTimeWindows } from '../src/exact/milp-windows';

/**
 * Runs one algorithm function directly (no registry, no worker) and judges it
 * with the domain evaluator. `setup` can give the run its clock (RunSetup.now),
 * a progress listener and a view of what it offers.
 */
export async function runDirect(
  instance: Instance,
  algorithm: Algorithm,
  options: Partial<RunOptions> & Pick<RunOptions, 'algorithm'>,
  signal?: AbortSignal,
  setup: RunSetup & {
    onProgress?: (progress: SolveProgress) => void;
    /** Sees every state the run offers, before the run judges it (an oracle's view of a stage). */
    onOffer?: (state: SolutionState, foundBy: string | undefined) => void;
  } = {},
) {
  // No clock ends a proof here: a proof ends on its own, and the test's timeout catches one that does not.
  const run: RunOptions = { timeLimitMs: 600_000, seed: 1, ...options };
  const compiled = compileInstance(instance, run.weights ?? instance.weights);
  const { onProgress, onOffer, ...runSetup } = setup;
  const ctx = new AlgorithmContext(instance, compiled, run, signal, onProgress, runSetup);
  if (onOffer) {
    const offer = ctx.offer.bind(ctx);
    ctx.offer = (state, foundBy) => {
      onOffer(state, foundBy);
      return offer(state, foundBy);
    };
  }
  const outcome: AlgorithmOutcome = await algorithm(ctx);
  const assignments = ctx.best.toAssignments();
  return {
    ctx,
    outcome,
    assignments,
    violations: checkHardConstraints(instance, assignments),
    evaluated: evaluateObjective(instance, assignments, run.weights ?? instance.weights),
    reported: ctx.best.objective(),
  };
}

/** Exhaustive optimum of F, judged by the domain evaluator, over every feasible assignment (tiny instances only). */
export function bruteForceOptimum(instance: Instance): number {
  const compiled = compileInstance(instance);
  const state = new SolutionState(compiled);
  const slots = Array.from(compiled.openSlots);
  let best = Infinity;
  const visit = (i: number): void => {
    if (i === slots.length) {
      best = Math.min(
        best,
        evaluateObjective(instance, state.toAssignments(), instance.weights).total,
      );
      return;
    }
    const slot = slots[i]!;
    visit(i + 1);
    const from = compiled.candidateStart[slot]!;
    const to = compiled.candidateStart[slot + 1]!;
    for (let k = from; k < to; k++) {
      const p = compiled.candidates[k]!;
      if (!state.canMove(slot, p)) continue;
      state.move(slot, p);
      visit(i + 1);
      state.move(slot, -1);
    }
  };
  visit(0);
  return best;
}

/** milp's decomposition path with `windows` date windows, on an instance whose full model would fit. */
export const byWindows =
  (windows: number): Algorithm =>
  async (ctx) => {
    const warm = nearestFeasibleGreedy(ctx.compiled);
    fillEmptySlots(warm);
    ctx.offer(warm, 'warm start');
    const model = buildMilpModel(
      ctx.compiled,
      allJobs(ctx.compiled),
      new SolutionState(ctx.compiled),
    );
    return solveByTimeWindows(ctx, warm, modelSize(model), windows);
  };
