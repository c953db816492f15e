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
  /** Method-specific facts: iterations, training size and accuracy, who found the best, ... */
  readonly stats: Record<string, unknown>;
}

/** The one contract every algorithm and the portfolio share. */
export type Solve = (
  instance: Readonly<Instance>,
  options: SolveOptions,
  hooks?: SolveHooks,
) => Promise<SolveResult>;
