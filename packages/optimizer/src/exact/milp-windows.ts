import { UNASSIGNED_PENALTY } from '@meridian/domain';
import type { AlgorithmContext, AlgorithmOutcome } from '../core/context';
import { SolutionState } from '../core/solution';
import { jobsInDateOrder } from '../construct/date-order';
import {
  allJobs,
  HighsRuns,
  MAX_FULL_MODEL_NONZEROS,
  remainingSec,
  solveModel,
  startHeartbeat,
  stateFromX,
} from './milp-solve';
import type { ModelSize } from './milp-solve';
import { buildMilpModel } from './milp-model';

/** Share of the time limit spent on the LP relaxation of the whole model (the bound). */
const LP_SHARE = 0.2;

/**
 * Decomposition for models too large for HiGHS's 2 GiB WASM heap: jobs in
 * date order are cut into consecutive windows whose models fit; each window
 * is re-solved exactly (two phases) with every other slot held at the
 * incumbent, and an improvement is kept. Windows are not independent
 * (balance and rotation couple them through the physicists), so the bound is
 * not a sum of window bounds: it comes from the LP relaxation of the whole
 * model, lexicographic like the MILP (coverage LP, then rest LP with the
 * coverage fixed only when the incumbent's coverage meets the LP's ceiling).
 * Replayable: each HiGHS run records where it stopped (HighsRuns), and the
 * loop over windows stops at a counted test (ctx.shouldStop).
 */
export async function solveByTimeWindows(
  ctx: AlgorithmContext,
  warm: SolutionState,
  size: ModelSize,
  windowCount = Math.ceil(size.nonzeros / (0.7 * MAX_FULL_MODEL_NONZEROS)),
): Promise<AlgorithmOutcome> {
  const c = ctx.compiled;
  const order = jobsInDateOrder(c);
  const per = Math.ceil(order.length / windowCount);
  const windows = Array.from({ length: windowCount }, (_, w) =>
    order.slice(w * per, (w + 1) * per),
  );

  const stopHeartbeat = startHeartbeat(
    ctx,
    () => 'HiGHS: LP relaxation of the whole model (bound)',
  );
  const runs = new HighsRuns(ctx);
  const bound = await lpBound(ctx, runs, remainingSec(ctx, 0.5) * LP_SHARE).finally(stopHeartbeat);
  let current = warm.clone();
  const windowStats: Record<string, unknown>[] = [];
  let pass = 0;
  while (!ctx.shouldStop() && pass < 2) {
    pass++;
    for (let w = 0; w < windows.length && !ctx.shouldStop(); w++) {
      const jobs = windows[w]!;
      const fixed = current.clone();
      for (const j of jobs)
        for (let role = 0; role < 2; role++)
          if (c.pinned[2 * j + role]! < 0) fixed.move(2 * j + role, -1);
      const model = buildMilpModel(c, jobs, fixed);
      const share =
        remainingSec(ctx, 0.3) / (windows.length - w + (pass === 1 ? windows.length : 0));
      const run = await solveModel(ctx, model, fixed, current, share, runs);
      const next = run.x ? stateFromX(model, fixed, run.x) : null;
      if (next && next.total < current.total - 1e-9) current = next;
      ctx.offer(current, `milp window ${w + 1}/${windows.length}`);
      windowStats.push({
        pass,
        window: w + 1,
        jobs: jobs.length,
        binaries: model.xCount,
        nonzeros: model.indices.length,
        proven: run.phase1Proven && run.phase2?.optimal === true,
        outcome: run.outcome,
        highs_callbacks: run.callbacks,
      });
      ctx.report(
        `milp window ${w + 1}/${windows.length} (pass ${pass})`,
        (pass - 1 + (w + 1) / windows.length) / 2,
      );
    }
  }
  return {
    ...(bound.value !== undefined ? { bound: bound.value } : {}),
    // The window loop's counted stop test (stopAtCheck) and each HiGHS run's recipe.
    replay: { ...ctx.replayRecipe(undefined), highs: runs.recipes },
    ...(runs.blocker ? { notReplayableBecause: runs.blocker } : {}),
    stats: {
      model: size,
      decomposition:
        `${windows.length} date windows, each exact with the rest fixed` +
        (size.nonzeros > MAX_FULL_MODEL_NONZEROS
          ? `: the full model (${size.nonzeros} nonzeros) exceeds the ${MAX_FULL_MODEL_NONZEROS}-nonzero budget for HiGHS's 2 GiB WASM heap`
          : ''),
      bound_source: bound.source,
      windows: windowStats,
    },
  };
}

/** A valid lower bound on F from the whole model's LP relaxation, lexicographic in coverage. */
async function lpBound(
  ctx: AlgorithmContext,
  runs: HighsRuns,
  timeLimitSec: number,
): Promise<{ value?: number; source: string }> {
  const c = ctx.compiled;
  const fixed = new SolutionState(c);
  const model = buildMilpModel(c, allJobs(c), fixed);
  const common = {
    seed: ctx.options.seed,
    signal: ctx.signal,
    warmStart: null,
    warmCoverage: 0,
    isLp: true,
  };
  const cov = await runs.run(model, {
    ...common,
    timeLimitSec: timeLimitSec / 2,
    knownCoverage: null,
    onlyPhase1: true,
  });
  if (!cov.phase1?.optimal || cov.phase1.objective === null)
    return { source: `none (coverage LP ended ${cov.phase1?.status ?? cov.outcome})` };
  const ceiling = Math.floor(cov.phase1.objective + 1e-6);
  const minEmpty = model.fixedEmpty + model.fillableSlots - ceiling;
  const bestEmpty = ctx.best.unassigned;
  if (bestEmpty !== minEmpty) {
    return {
      value: UNASSIGNED_PENALTY * minEmpty,
      source: 'coverage LP only (incumbent coverage below the LP ceiling)',
    };
  }
  const rest = await runs.run(model, {
    ...common,
    timeLimitSec: timeLimitSec / 2,
    knownCoverage: ceiling,
  });
  if (!rest.phase2?.optimal || !Number.isFinite(rest.phase2.bound)) {
    return {
      value: UNASSIGNED_PENALTY * minEmpty,
      source: `coverage LP only (rest LP ended ${rest.phase2?.status ?? rest.outcome})`,
    };
  }
  return {
    value: UNASSIGNED_PENALTY * minEmpty + rest.phase2.bound,
    source: 'LP relaxation of the whole model (coverage, then rest)',
  };
}
