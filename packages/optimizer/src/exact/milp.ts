import { UNASSIGNED_PENALTY } from '@meridian/domain';
import type { Algorithm, AlgorithmOutcome } from '../core/context';
import { fillEmptySlots } from '../core/coverage';
import { SolutionState } from '../core/solution';
import { nearestFeasibleGreedy } from '../construct/nearest-feasible';
import { MIP_REL_GAP } from './highs-runner';
import type { HighsPhase, HighsRun } from './highs-runner';
import { buildMilpModel } from './milp-model';
import type { MilpModel } from './milp-model';
import {
  allJobs,
  applyRun,
  endedOnTimeLimit,
  HighsRuns,
  MAX_FULL_MODEL_NONZEROS,
  modelSize,
  remainingSec,
  solveModel,
} from './milp-solve';
import { fillableIfAllFilled, milpByRole } from './milp-role';
import { solveByTimeWindows } from './milp-windows';

/**
 * `milp`: the exact model of docs/optimization.md solved by HiGHS, lexicographic
 * in two phases (coverage, then the rest with coverage fixed), warm-started
 * from the nearest-feasible greedy. Reports 'optimal' only when both phases
 * are proven; otherwise the bound and gap. Too-large models are solved by
 * time windows (see milp-windows.ts) and say so in stats. Every path
 * replays: by role (milp-role.ts), and each HiGHS run of the others records
 * where it stopped in HiGHS's own work (stats.replay.highs, HighsRuns).
 */
export const milp: Algorithm = async (ctx) => {
  const c = ctx.compiled;
  const warm = nearestFeasibleGreedy(c);
  fillEmptySlots(warm);
  ctx.offer(warm, 'milp warm start (heuristic + ejection chains)');
  const fixed = new SolutionState(c);
  // Every fillable slot filled: coverage is proven maximal and F separates by role.
  const fillable = fillableIfAllFilled(fixed, warm);
  if (fillable) return milpByRole(ctx, fixed, warm, fillable);
  const model = buildMilpModel(c, allJobs(c), fixed);
  const size = modelSize(model);
  if (size.nonzeros > MAX_FULL_MODEL_NONZEROS) {
    return solveByTimeWindows(ctx, warm, size);
  }
  const runs = new HighsRuns(ctx);
  const run = await solveModel(ctx, model, fixed, warm, remainingSec(ctx, 0.2), runs);
  // HiGHS given the whole remaining time and stopped by it: the limit, not a proof, ended the run.
  if (endedOnTimeLimit(run) && !ctx.isCancelled) ctx.isTimedOut = true;
  const applied = applyRun(ctx, model, fixed, run);
  return {
    ...outcome(model, run, applied, { model: size }),
    replay: { highs: runs.recipes },
    ...(runs.blocker ? { notReplayableBecause: runs.blocker } : {}),
  };
};

/**
 * Whether the incumbent is within HiGHS's optimality gap of its dual bound:
 * a proof of the optimum, also when the time limit interrupted HiGHS before
 * it said so itself (seen at 1,000 jobs: gap 0, status interrupted).
 */
export function gapClosed(phase: HighsPhase | null | undefined): boolean {
  if (!phase || phase.objective === null || !Number.isFinite(phase.bound)) return false;
  return phase.objective - phase.bound <= MIP_REL_GAP * Math.max(1, Math.abs(phase.objective));
}

/** Status, bound and stats of a whole-model run. */
function outcome(
  model: MilpModel,
  run: HighsRun,
  applied: boolean,
  extra: Record<string, unknown>,
): AlgorithmOutcome {
  const coverageProven = run.phase1Proven || run.coverage === model.fillableSlots;
  const emptyAtBest = model.fixedEmpty + model.fillableSlots - run.coverage;
  let bound: number | undefined;
  if (coverageProven) {
    // Phase 2's dual bound includes the model offset; without it the rest is only known to be >= 0.
    const rest =
      run.phase2 && Number.isFinite(run.phase2.bound) ? Math.max(0, run.phase2.bound) : 0;
    bound = UNASSIGNED_PENALTY * emptyAtBest + rest;
  } else if (run.phase1 && Number.isFinite(run.phase1.bound)) {
    const coverageUpper = Math.floor(run.phase1.bound + 1e-6);
    bound = UNASSIGNED_PENALTY * (model.fixedEmpty + model.fillableSlots - coverageUpper);
  }
  const isOptimal =
    applied && coverageProven && (run.phase2?.optimal === true || gapClosed(run.phase2));
  return {
    ...(isOptimal ? { status: 'optimal' as const } : {}),
    ...(bound !== undefined ? { bound } : {}),
    stats: {
      ...extra,
      phase1:
        run.phase1 ?? (run.phase1Proven ? 'skipped: warm start fills every fillable slot' : null),
      phase2: run.phase2,
      coverage_proven: coverageProven,
      highs_outcome: run.outcome,
      ...(run.error ? { highs_error: run.error } : {}),
      highs_seconds: Number(run.seconds.toFixed(2)),
      // HiGHS's interrupt callbacks over both phases: the work count its recipe stops at.
      highs_callbacks: run.callbacks,
      gap: run.phase2?.gap ?? null,
    },
  };
}
