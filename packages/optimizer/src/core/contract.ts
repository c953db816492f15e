import type { AlgorithmKey, Instance, JobAssignment, Objective, Weights } from '@meridian/domain';

/** How a run ended (YALPS-style explicit status). */
export type SolveStatus = 'optimal' | 'feasible' | 'infeasible' | 'timeout' | 'cancelled';

export interface SolveOptions {
  readonly algorithm: AlgorithmKey;
  /** Wall-clock budget; the algorithm returns its best so far when it runs out. */
  readonly timeLimitMs: number;
  readonly seed: number;
  /**
   * Caps the method's main loop (what one iteration is, each result's
   * stats.iteration_unit says). Under a cap every schedule (annealing
   * temperatures, acceptance thresholds) follows the iteration count, never
   * the clock, so a run with a given seed is replayable on any machine as long
   * as the time limit does not end it first. Without one a method searches
   * until its time limit (or its own proof of optimality).
   */
  readonly maxIterations?: number;
  /** Overrides instance.weights when given. */
  readonly weights?: Weights;
  /**
   * Replays a recorded run: its result's stats.replay, with the run's seed
   * and weights. The method then follows the recorded schedule and stops
   * where the recorded run stopped, never reading the clock for either, so it
   * returns the same solution on any machine. Give it a generous time limit:
   * the clock still stops a replay that cannot finish, and its own
   * stats.replay then differs from the recipe.
   */
  readonly replay?: ReplayRecipe;
}

/**
 * A knot of a run's schedule (annealing temperature, acceptance threshold):
 * from iteration `at` on, the schedule's progress rises linearly from `from`
 * to 1 over `span` iterations. Before the first knot it is 0. A capped run's
 * schedule is the one knot [0, 0, cap]; an uncapped run fixes a knot at each
 * twentieth of its time limit (the iteration it has reached, the share of
 * time used and the iterations it projects for the rest) and records them,
 * so its trajectory is a function of the seed and the iteration index.
 */
export type ScheduleKnot = readonly [at: number, from: number, span: number];

/** What reproduces a run, given its seed, weights and input (stats.replay of its result). */
export interface ReplayRecipe {
  /** The schedule the method followed. */
  readonly schedule?: readonly ScheduleKnot[];
  /** The iteration cap the run was started with (the schedule's span then); none: only the clock. */
  readonly cap?: number;
  /** The main-loop iterations it ran (a replay that follows the recipe runs as many). */
  readonly iterations?: number;
  /**
   * Where the clock stopped the run: the call of its between-iterations stop
   * test (stopAtCheck) or of its in-step test (cutAtCheck: inside a descent,
   * a batch of ants, the first population) whose answer was "stop". Both
   * tests are asked at points the trajectory fixes, so a replay stops at the
   * same call without asking the clock.
   */
  readonly stopAtCheck?: number;
  readonly cutAtCheck?: number;
  /**
   * Where a phase that owns a share of the run's time ended on that share
   * (cp_sat's start kicks, a learned method's teacher windows, training or
   * policy updates): per phase, the call of its stop test (ctx.phaseOver)
   * whose answer was "stop". A replay stops the phase at the same call.
   */
  readonly phaseStops?: Readonly<Record<string, number>>;
  /** A learned method's polish: the recipe of its ILS, which runs in a context of its own. */
  readonly polish?: ReplayRecipe;
  /**
   * The portfolio: each epoch's recipe per member (stats.members order); null
   * where a member did not run that epoch (its thread was not ready yet).
   */
  readonly epochs?: readonly (readonly (ReplayRecipe | null)[])[];
  /** milp by role: its ALNS warm start and its two HiGHS threads (MilpRecipe). */
  readonly milp?: MilpRecipe;
  /**
   * Each HiGHS run of milp on its whole model or by date windows (with the
   * LP bound's runs), or of predict_then_optimize's MILP, in the order they
   * started (HighsRecipe); a replay gives each run its recorded one.
   */
  readonly highs?: readonly HighsRecipe[];
  /**
   * The portfolio's exact member (milp): its own recipe, and whether it
   * proved its solution optimal. A proof ended the run, so a replay of a
   * proved run reruns this member alone to its proof (its F is the optimum;
   * recipe null: milp's whole model, which follows no recipe); otherwise the
   * replay reruns the epochs and this member, and offers its find after them.
   * `started: false`: its thread was not ready before the budget ran out (a
   * loaded machine), so it found nothing; a replay reruns the same epochs
   * (the mix with the member) and does not run it.
   */
  readonly exact?: {
    readonly proved: boolean;
    readonly recipe: ReplayRecipe | null;
    readonly started?: false;
  };
}

/**
 * What reproduces one two-phase HiGHS run (exact/highs-runner.ts). HiGHS is
 * single-threaded here (its WebAssembly build refuses a thread count), and
 * for the same model, options and seed its path is a function of its own
 * work: so a proof repeats when the options do, and a run the clock stopped
 * repeats when it is stopped at the same interrupt callback.
 */
export interface HighsRecipe {
  /** The HiGHS options it ran with, its time limit aside; a replay sets exactly these. */
  readonly options: Readonly<Record<string, number | string | boolean>>;
  /** Where it stopped, counted in HiGHS's interrupt callbacks; its phases are the stages. */
  readonly stops: MilpRoleRecipe;
}

/** What reproduces a milp-by-role run (exact/milp-role.ts). */
export interface MilpRecipe {
  /** The ALNS warm start's segments, each its own run's recipe, in order. */
  readonly alns: readonly ReplayRecipe[];
  /** Per role (lead, then data-acq), where its HiGHS thread stopped. */
  readonly roles: readonly MilpRoleRecipe[];
}

/**
 * Where one role's HiGHS thread stopped, counted in HiGHS's own work: the LP
 * rounds and MIP stages it started, and which of HiGHS's interrupt callbacks
 * (counted over the thread's runs) the clock answered with "stop".
 */
export interface MilpRoleRecipe {
  readonly lpRuns: number;
  readonly stages: number;
  readonly cuts: readonly number[];
  /**
   * Runs that HiGHS's own time limit stopped between callbacks, as
   * [lpRuns, stages, n]: the run stopped after streaming n incumbents, and a
   * replay stops it at its first callback after them.
   */
  readonly halts?: readonly (readonly [number, number, number])[];
  /**
   * The parent terminated the thread at the deadline in its last run (no
   * callback came in time) after this many of that run's incumbents reached
   * it; a replay stops that run there and starts no other.
   */
  readonly killedAfter?: number;
}

export interface SolveProgress {
  /** 0..1 */
  readonly fraction: number;
  readonly message: string;
  readonly bestObjective: number | null;
  readonly elapsedMs: number;
  readonly estimatedTotalMs: number;
}

export interface SolveHooks {
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: SolveProgress) => void;
}

export interface SolveResult {
  readonly algorithm: AlgorithmKey;
  readonly status: SolveStatus;
  readonly assignments: readonly JobAssignment[];
  readonly objective: Objective;
  /** A proven lower bound on F, where the method has one. */
  readonly bound?: number;
  readonly elapsed_ms: number;
  /**
   * Method-specific facts: iterations, training size and accuracy, who found
   * the best, ... Every run also reports `replay` (a ReplayRecipe),
   * `replayable` (whether passing that recipe back with the same seed,
   * weights and input must give the same solution) and, when it is not,
   * `not_replayable_because`.
   */
  readonly stats: Record<string, unknown>;
}

/** The one contract every algorithm and the portfolio share. */
export type Solve = (
  instance: Readonly<Instance>,
  options: SolveOptions,
  hooks?: SolveHooks,
) => Promise<SolveResult>;
