import type { Instance } from '@meridian/domain';
import type { SolveHooks, SolveOptions, SolveProgress, SolveResult, SolveStatus } from './contract';
import type { CompiledInstance } from './compile';
import { Rng } from './rng';
import { SolutionState } from './solution';

/** Options of one run as the core sees them: the contract's plus the portfolio's extras. */
export interface RunOptions extends SolveOptions {
  /** A feasible assignment vector (slot = 2 * job + role) to start from, e.g. a portfolio round's incumbent. */
  readonly initial?: Int32Array;
  /**
   * Run as a portfolio member on a worker thread (portfolio/member-loop.ts):
   * restart every `segmentMs` (or when the method ends on its own rule) from
   * the better of its own best and the portfolio's incumbent, posting each
   * improvement through the run's IncumbentExchange.
   */
  readonly member?: { readonly segmentMs: number };
}

/** How a portfolio member and the portfolio trade solutions while the member runs. */
export interface IncumbentExchange {
  /** The portfolio's best so far, or null before it has sent one. */
  incumbent(): { readonly assign: Int32Array; readonly total: number } | null;
  /** A new best of the member's (posted as soon as it is found, at most every few ms). */
  improved(assign: Int32Array, total: number): void;
}

/** The contract's hooks plus the portfolio's incumbent exchange (worker threads of a portfolio). */
export interface RunHooks extends SolveHooks {
  readonly exchange?: IncumbentExchange;
}

/** A thread run's hooks on the parent's side; onImproved receives a portfolio member's posted improvements. */
export interface ThreadRunHooks extends SolveHooks {
  readonly onImproved?: (assign: Int32Array, total: number) => void;
}

/**
 * A thread holding one instance that runs algorithms on it one after the
 * other. The runtime implements it (runtime/worker-runner.ts) and hands a run
 * a StartThreads; the portfolio sees only this interface, so no algorithm
 * imports the runtime, which imports the algorithms through the registry.
 */
export interface AlgorithmThread {
  /** Resolves once the thread has loaded its code and listens. */
  readonly ready: Promise<void>;
  readonly isReady: boolean;
  /** Whether a run is in progress (a portfolio skips a member still busy with a late run). */
  readonly isBusy: boolean;
  /** Runs one algorithm on the thread; rejects on a thread error or a missed cancel. */
  run(options: RunOptions, hooks?: ThreadRunHooks): Promise<SolveResult>;
  /** Sends the portfolio's incumbent to the current run (a member adopts it at its next restart). */
  shareIncumbent(assign: Int32Array, total: number): void;
  /** Ends the thread. */
  close(): Promise<void>;
}

/** Starts `count` algorithm threads on one instance (they load while the caller goes on). */
export type StartThreads = (instance: Readonly<Instance>, count: number) => AlgorithmThread[];

/** What an algorithm returns besides its best solution (which it hands to ctx.offer). */
export interface AlgorithmOutcome {
  /** Only when the method knows better than the runner (e.g. 'optimal' from an exact solver). */
  readonly status?: SolveStatus;
  readonly bound?: number;
  readonly stats?: Record<string, unknown>;
}

/** An algorithm of the catalogue: searches from the context and offers solutions to it. */
export type Algorithm = (ctx: AlgorithmContext) => Promise<AlgorithmOutcome>;

const YIELD_EVERY_MS = 25;
const REPORT_EVERY_MS = 200;

/**
 * When a run's clock started and how much of its limit it keeps back. The
 * runner starts the clock before validating and compiling, so the limit
 * covers the whole run that `elapsed_ms` reports, and keeps back the measured
 * cost of what follows the algorithm (see solveInProcess).
 */
export interface RunClock {
  readonly startedAt: number;
  readonly reserveMs: number;
}

/** What the runner gives a run besides its options: its clock and a way to start threads. */
export interface RunSetup extends Partial<RunClock> {
  /** For methods that run members on threads (the portfolio); absent, they cannot. */
  readonly startThreads?: StartThreads;
}

/**
 * The longest step a loop has taken so far. A loop asks
 * `ctx.shouldStop(step.longestMs)` so that it does not start a step it cannot
 * finish by the deadline; measured on the run itself, the estimate follows
 * the instance's size and the machine's load.
 */
export class StepTimer {
  private last = performance.now();
  longestMs = 0;

  /** Marks the start of a step, when steps do not follow each other directly. */
  start(): void {
    this.last = performance.now();
  }

  /** Marks the end of a step. */
  lap(): void {
    const now = performance.now();
    this.longestMs = Math.max(this.longestMs, now - this.last);
    this.last = now;
  }
}

/**
 * Everything an algorithm needs for one run: the compiled instance, a seeded
 * RNG, the stop conditions (time limit, AbortSignal, iteration cap), progress
 * reporting and best-so-far tracking. Algorithms are synchronous inside their
 * inner loops and call `await ctx.pause()` in outer loops so that abort
 * messages can arrive.
 */
export class AlgorithmContext {
  readonly rng: Rng;
  readonly startedAt: number;
  /** Kept back from the time limit for the finishing phases after the algorithm returns. */
  readonly reserveMs: number;
  /** Best solution offered so far (starts as the pinned-only solution). */
  readonly best: SolutionState;
  /** Starts worker threads on this run's instance, when the runner provides them. */
  readonly startThreads: StartThreads | undefined;
  isTimedOut = false;
  private lastYield = performance.now();
  private lastReport = 0;
  private progressFraction = 0;
  private bestFoundBy: string | undefined;

  constructor(
    readonly instance: Instance,
    readonly compiled: CompiledInstance,
    readonly options: RunOptions,
    readonly signal?: AbortSignal,
    private readonly onProgress?: (progress: SolveProgress) => void,
    setup: RunSetup = {},
  ) {
    this.startedAt = setup.startedAt ?? performance.now();
    this.reserveMs = setup.reserveMs ?? 0;
    this.startThreads = setup.startThreads;
    this.rng = new Rng(options.seed);
    this.best = new SolutionState(compiled);
  }

  get elapsedMs(): number {
    return performance.now() - this.startedAt;
  }

  get isCancelled(): boolean {
    return this.signal?.aborted ?? false;
  }

  /** When the algorithm must have stopped: the time limit less the reserve, in ms since the start. */
  get deadlineMs(): number {
    return Math.max(0, this.options.timeLimitMs - this.reserveMs);
  }

  /** Time left before the deadline (negative once past it). */
  get remainingMs(): number {
    return this.deadlineMs - this.elapsedMs;
  }

  /**
   * True once cancelled, or once a step of `nextStepMs` would end past the
   * deadline (and remembers which: the time limit, not the method's own rule,
   * ended the run).
   */
  shouldStop(nextStepMs = 0): boolean {
    if (this.isCancelled) return true;
    if (this.elapsedMs + nextStepMs >= this.deadlineMs) this.isTimedOut = true;
    return this.isTimedOut;
  }

  /**
   * A count a method sizes by the cap (a learned method's training windows or
   * updates): options.maxIterations when given, else the method's own default.
   */
  iterationLimit(defaultLimit: number): number {
    return this.options.maxIterations ?? defaultLimit;
  }

  /** The main loop's cap: options.maxIterations, or none (the time limit ends the loop). */
  get iterationCap(): number {
    return this.options.maxIterations ?? Infinity;
  }

  /**
   * How far a schedule (temperature, threshold) has run, 0..1. Under an
   * iteration cap it is `iteration / cap` and never reads the clock, so a
   * capped run repeats exactly for its seed; without a cap it is the share of
   * the time budget used, so the schedule spans the whole budget.
   */
  schedule(iteration: number): number {
    const cap = this.options.maxIterations;
    if (cap !== undefined) return Math.min(1, iteration / Math.max(1, cap));
    return Math.min(1, this.elapsedMs / Math.max(1, this.deadlineMs));
  }

  /** Share of the run done: the larger of the iteration share and the time share. */
  fraction(iterationShare = this.progressFraction): number {
    return Math.min(1, Math.max(iterationShare, this.elapsedMs / Math.max(1, this.deadlineMs)));
  }

  /** Yields to the event loop when due, so an abort message gets through. */
  async pause(): Promise<void> {
    const now = performance.now();
    if (now - this.lastYield < YIELD_EVERY_MS) return;
    this.lastYield = now;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** Reports progress (throttled); fraction is the method's own share of iterations done. */
  report(message: string, iterationShare?: number, force = false): void {
    if (iterationShare !== undefined) this.progressFraction = iterationShare;
    const now = performance.now();
    if (!this.onProgress || (!force && now - this.lastReport < REPORT_EVERY_MS)) return;
    this.lastReport = now;
    const fraction = this.fraction();
    const elapsedMs = this.elapsedMs;
    // Ahead of the clock on its own rule the run ends early; otherwise it runs to its limit
    // (the deadline plus the finishing reserve), and the limit is the estimate.
    const byOwnRule = this.progressFraction > elapsedMs / Math.max(1, this.deadlineMs);
    this.onProgress({
      fraction,
      message,
      bestObjective: this.best.total,
      elapsedMs,
      estimatedTotalMs: byOwnRule
        ? Math.min(this.options.timeLimitMs, elapsedMs / fraction)
        : this.options.timeLimitMs,
    });
  }

  /** Keeps the state as best-so-far if strictly better; returns whether it was. */
  offer(state: SolutionState, foundBy?: string): boolean {
    if (state.total >= this.best.total - 1e-9) return false;
    this.best.copyFrom(state);
    this.bestFoundBy = foundBy;
    return true;
  }

  /** Who (which phase or member) found the best, when the method names it. */
  get foundBy(): string | undefined {
    return this.bestFoundBy;
  }
}
