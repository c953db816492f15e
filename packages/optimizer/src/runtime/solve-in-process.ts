import { checkHardConstraints, evaluateObjective, hasUsableCoordinates } from '@meridian/domain';
import type { Instance, JobAssignment, Objective } from '@meridian/domain';
import { ALGORITHM_REGISTRY } from '../registry/algorithm-registry';
import { compileInstance } from '../core/compile';
import { AlgorithmContext } from '../core/context';
import type { RunOptions } from '../core/context';
import type { SolveHooks, SolveResult } from '../core/contract';
import { replayBlocker } from '../core/replay';
import { validateInstance } from '../core/validate';
import { startSolveWorkers } from './worker-runner';

/**
 * Runs one algorithm on the calling thread (tests, and the threads of solve()
 * and of the portfolio). Pinned slots that already break a hard constraint
 * make the instance infeasible; otherwise the best solution is re-checked by
 * the domain evaluator, and a violation there is a bug and throws.
 * `compile` lets a worker thread that runs many algorithms on one instance
 * (a portfolio member) compile it once.
 */
export async function solveInProcess(
  instance: Instance,
  options: RunOptions,
  hooks: SolveHooks = {},
  compile: typeof compileInstance = compileInstance,
): Promise<SolveResult> {
  validateInstance(instance);
  const weights = options.weights ?? instance.weights;
  const started = performance.now();
  const pinnedOnly: JobAssignment[] = instance.jobs.map((j) => ({
    job_id: j.id,
    lead_id: j.lead_id,
    data_acq_id: j.data_acq_id,
    kit_id: j.kit_id,
  }));
  // Rule 6: such jobs get nobody, and the result says which they are.
  const withoutCoordinates = instance.jobs.filter((j) => !hasUsableCoordinates(j)).map((j) => j.id);
  const pinnedViolations = checkHardConstraints(instance, pinnedOnly);
  if (pinnedViolations.length > 0) {
    return {
      algorithm: options.algorithm,
      status: 'infeasible',
      assignments: pinnedOnly,
      objective: evaluateObjective(instance, pinnedOnly, weights),
      elapsed_ms: Math.round(performance.now() - started),
      stats: {
        reason: 'pinned assignments break hard constraints',
        violations: pinnedViolations,
        jobs_without_coordinates: withoutCoordinates,
      },
    };
  }

  const compiled = compile(instance, weights);
  const ctx = new AlgorithmContext(instance, compiled, options, hooks.signal, hooks.onProgress, {
    startedAt: started,
    reserveMs: finishReserveMs(performance.now() - started),
    startThreads: startSolveWorkers,
  });
  const method = ALGORITHM_REGISTRY[options.algorithm];
  const outcome = await method(ctx);

  const { assignments, objective, kept } = checkedBest(instance, ctx, options.algorithm, weights);
  const status = ctx.isCancelled
    ? 'cancelled'
    : (outcome.status ?? (ctx.isTimedOut ? 'timeout' : 'feasible'));
  ctx.report('done', 1, true);
  const iterations = outcome.stats?.iterations;
  const replay =
    outcome.replay ?? ctx.replayRecipe(typeof iterations === 'number' ? iterations : undefined);
  const blocker = replayBlocker(options.algorithm, ctx, outcome);
  return {
    algorithm: options.algorithm,
    status,
    assignments,
    objective,
    ...(outcome.bound !== undefined ? { bound: outcome.bound } : {}),
    elapsed_ms: Math.round(performance.now() - started),
    stats: {
      ...(ctx.foundBy ? { found_by: ctx.foundBy } : {}),
      ...outcome.stats,
      incremental_objective: kept.total,
      jobs_without_coordinates: withoutCoordinates,
      replay,
      replayable: blocker === null,
      ...(blocker !== null ? { not_replayable_because: blocker } : {}),
    },
  };
}

/**
 * The best solution, re-checked by the domain: a hard violation, or an
 * incrementally kept F that differs from the evaluator's, is a bug and throws.
 */
function checkedBest(
  instance: Instance,
  ctx: AlgorithmContext,
  algorithm: RunOptions['algorithm'],
  weights: Instance['weights'],
): { assignments: JobAssignment[]; objective: Objective; kept: Objective } {
  const assignments = ctx.best.toAssignments();
  const violations = checkHardConstraints(instance, assignments);
  if (violations.length > 0) {
    const first = violations[0]!;
    throw new Error(
      `bug: ${algorithm} produced ${violations.length} hard violation(s), e.g. job ${first.job_id} ${first.slot}: ${first.reason}`,
    );
  }
  // The search kept F incrementally (exact deltas); the evaluator recomputes it from scratch.
  const objective = evaluateObjective(instance, assignments, weights);
  const kept = ctx.best.objective();
  const mismatch = objectiveMismatch(objective, kept);
  if (mismatch)
    throw new Error(
      `bug: ${algorithm}'s incremental objective differs from the evaluator's: ${mismatch}`,
    );
  return { assignments, objective, kept };
}

/**
 * Where the search's incrementally kept F and the evaluator's differ, or
 * null: counts (empty slots, repeats, changed slots, avoided days) must be
 * equal, miles and balance equal up to rounding (sums of millions of deltas).
 */
function objectiveMismatch(evaluated: Objective, kept: Objective): string | null {
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a));
  if (evaluated.unassigned !== kept.unassigned)
    return `unassigned ${kept.unassigned} against ${evaluated.unassigned}`;
  if (evaluated.rotation !== kept.rotation)
    return `rotation ${kept.rotation} against ${evaluated.rotation}`;
  if (evaluated.changed_slots !== kept.changed_slots)
    return `changed slots ${kept.changed_slots} against ${evaluated.changed_slots}`;
  if (evaluated.avoided_days !== kept.avoided_days)
    return `avoided days ${kept.avoided_days} against ${evaluated.avoided_days}`;
  if (!close(evaluated.distance_miles, kept.distance_miles))
    return `miles ${kept.distance_miles} against ${evaluated.distance_miles}`;
  if (!close(evaluated.balance, kept.balance))
    return `balance ${kept.balance} against ${evaluated.balance}`;
  return null;
}

/** Floor of the finishing reserve: a small instance's checks are quick, but reporting is not free. */
const MIN_RESERVE_MS = 20;

/**
 * Time kept back from the limit for what runs after the algorithm returns:
 * the final assignments, checkHardConstraints, evaluateObjective and the
 * result message. Measured on this run rather than guessed: the setup
 * (validation, the pinned-slot check, compiling) reads the same instance on
 * the same machine under the same load, and costs more than the finishing
 * phases (about 3 times at 1,000 jobs), so it covers them with room to spare.
 * (A portfolio member's thread compiles once, so its later rounds get the
 * floor; the portfolio keeps its own margin for its members' answers.)
 */
function finishReserveMs(setupMs: number): number {
  return Math.max(MIN_RESERVE_MS, setupMs);
}
