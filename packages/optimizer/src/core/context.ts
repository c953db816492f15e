import type { Instance } from '@meridian/domain';
import type {
  ReplayRecipe,
  ScheduleKnot,
  SolveHooks,
  SolveOptions,
  SolveProgress,
  SolveResult,
  SolveStatus,
} from './contract';
import type { CompiledInstance } from './compile';
import { Rng } from './rng';
import { currentPlanState } from './current-plan';
import { SolutionState } from './solution';

/** Options of one run as the core sees them: the contract's plus the portfolio's extras. */
export interface RunOptions extends SolveOptions {
  /** A feasible assignment vector (slot = 2 * job + role) to start from, e.g. a portfolio epoch's incumbent. */
  readonly initial?: Int32Array;
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
  /** Runs one algorithm on the thread; rejects on a thread error or a missed cancel. */
  run(options: RunOptions, hooks?: SolveHooks): Promise<SolveResult>;
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
  /** What reproduces the run, when it is more than its schedule and iterations (the portfolio's epochs). */
  readonly replay?: ReplayRecipe;
  /** Why the run cannot be replayed although its method can (a portfolio member's run could not). */
  readonly notReplayableBecause?: string | null;
}

/** An algorithm of the catalogue: searches from the context and offers solutions to it. */
export type Algorithm = (ctx: AlgorithmContext) => Promise<AlgorithmOutcome>;

const YIELD_EVERY_MS = 25;
const REPORT_EVERY_MS = 200;
/** An uncapped run fixes a knot of its schedule at each 1/CHECKPOINTS of its time (see ScheduleKnot). */
const CHECKPOINTS = 20;

/** The schedule's progress at iteration `i`, 0..1: a function of the knots and `i` alone. */
export function progressAt(knots: readonly ScheduleKnot[], i: number): number {
  for (let k = knots.length - 1; k >= 0; k--) {
    const [at, from, span] = knots[k]!;
    if (at <= i) return Math.min(1, from + ((1 - from) * (i - at)) / span);
  }
  return 0;
}

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

/** A run's clock: milliseconds on a monotonic scale (performance.now unless one is injected). */
export type Clock = () => number;

const realClock: Clock = () => performance.now();

/** What the runner gives a run besides its options: its clock and a way to start threads. */
export interface RunSetup extends Partial<RunClock> {
  /**
   * The clock the run reads for its deadline, phases, schedule knots, yields
   * and reports (default performance.now). A test injects one that advances
   * per reading, so that the time limit stops the run at a counted point
   * whatever the machine's speed or load.
   */
  readonly now?: Clock;
  /** For methods that run members on threads (the portfolio); absent, they cannot. */
  readonly startThreads?: StartThreads;
  /**
   * The stop test of an enclosing run, asked instead of this run's own clock
   * (a learned method's teacher solving a window inside the run): the
   * enclosing run counts and records its answers, so it replays.
   */
  readonly stopsWith?: (nextStepMs: number) => boolean;
}

/**
 * The longest step a loop has taken so far. A loop asks
 * `ctx.shouldStop(step.longestMs)` so that it does not start a step it cannot
 * finish by the deadline; measured on the run itself, the estimate follows
 * the instance's size and the machine's load.
 */
export class StepTimer {
  private last: number;
  longestMs = 0;

  /** `now`: the run's clock (ctx.now), so an injected clock times the steps too. */
  constructor(private readonly now: Clock = realClock) {
    this.last = now();
  }

  /** Marks the start of a step, when steps do not follow each other directly. */
  start(): void {
    this.last = this.now();
  }

  /** Marks the end of a step. */
  lap(): void {
    const now = this.now();
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
  /**
   * Best solution offered so far. It starts as the current plan where the
   * instance has one (kept as far as it still fits), so no method returns a
   * plan worse than the one it was given, and only a strictly better one
   * replaces it; else as the pinned-only solution.
   */
  readonly best: SolutionState;
  /**
   * Where an improvement method starts: the run's `initial` (a portfolio
   * epoch's incumbent), else the current plan as far as it still fits, else
   * undefined (the method builds its own start).
   */
  readonly startAssignment: Int32Array | undefined;
  /** Starts worker threads on this run's instance, when the runner provides them. */
  readonly startThreads: StartThreads | undefined;
  /** The run's clock (RunSetup.now). */
  readonly now: Clock;
  isTimedOut = false;
  /**
   * Stop tests asked after the cancel (each says stop): a method that honours
   * a cancel asks one per enclosing loop on its way out, one that does not
   * keeps asking. Counted, so a test can hold a cancel to a number of checks
   * rather than to a time.
   */
  get checksAfterCancel(): number {
    return this.cancelChecks;
  }
  private cancelChecks = 0;
  /** Stop tests asked so far (shouldStop between iterations, stopWithinStep inside a step). */
  private stopChecks = 0;
  private stepChecks = 0;
  /** Which of them said stop because of the clock, if one did (ReplayRecipe). */
  private stopAtCheck: number | undefined;
  private cutAtCheck: number | undefined;
  /** Per phase (phaseOver): its stop tests so far, and the one that said stop, if one did. */
  private readonly phases = new Map<string, { checks: number; stoppedAt?: number }>();
  /** The recipe of a part that runs in a context of its own (a learned method's polish). */
  private polishRecipe: ReplayRecipe | undefined;
  private readonly stopsWith: ((nextStepMs: number) => boolean) | undefined;
  /** A replay's recorded phase stops (none recorded: every phase ran to its count). */
  private readonly recordedPhaseStops: ReadonlyMap<string, number> | undefined;
  /** The schedule's knots: fixed by a cap or a replayed recipe, else fixed as the run goes. */
  private readonly knots: ScheduleKnot[];
  private readonly isScheduleFixed: boolean;
  private nextCheckpoint = 1;
  /** The first schedule() call's iteration and time: where the rate of iterations is measured from. */
  private firstScheduleCall: { readonly at: number; readonly ms: number } | null = null;
  private lastYield: number;
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
    this.now = setup.now ?? realClock;
    this.lastYield = this.now();
    this.startedAt = setup.startedAt ?? this.now();
    this.reserveMs = setup.reserveMs ?? 0;
    this.startThreads = setup.startThreads;
    this.stopsWith = setup.stopsWith;
    this.recordedPhaseStops = options.replay
      ? new Map(Object.entries(options.replay.phaseStops ?? {}))
      : undefined;
    this.rng = new Rng(options.seed);
    const planned = currentPlanState(compiled);
    this.best = planned ?? new SolutionState(compiled);
    if (planned) this.bestFoundBy = 'current plan';
    this.startAssignment = options.initial ?? planned?.assign.slice();
    const cap = options.maxIterations;
    this.knots = options.replay
      ? (options.replay.schedule ?? []).map((k) => [...k] as const)
      : cap !== undefined
        ? [[0, 0, Math.max(1, cap)]]
        : [];
    this.isScheduleFixed = options.replay !== undefined || cap !== undefined;
  }

  get elapsedMs(): number {
    return this.now() - this.startedAt;
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
   * ended the run). Asked between iterations. The run counts these tests and
   * records which one said stop (ReplayRecipe.stopAtCheck); a replay stops at
   * that one (the clock stays as its safety stop).
   */
  shouldStop(nextStepMs = 0): boolean {
    if (this.isCancelled) this.cancelChecks++;
    if (this.isCancelled || this.isTimedOut) return true;
    this.stopChecks++;
    if (this.clockSays(nextStepMs, this.stopChecks, this.options.replay?.stopAtCheck)) {
      this.isTimedOut = true;
      this.stopAtCheck = this.stopChecks;
    }
    return this.isTimedOut;
  }

  /**
   * The stop test inside a step (a descent, a batch of ants, the first
   * population): cancelled, or the deadline reached. Counted and recorded
   * like shouldStop's (ReplayRecipe.cutAtCheck): the tests before it are the
   * same on a replay, which stops at that one, so a run the clock cut inside
   * a step replays too.
   */
  readonly stopWithinStep = (nextStepMs = 0): boolean => {
    if (this.isCancelled) this.cancelChecks++;
    if (this.isCancelled || this.isTimedOut) return true;
    this.stepChecks++;
    if (this.clockSays(nextStepMs, this.stepChecks, this.options.replay?.cutAtCheck)) {
      this.isTimedOut = true;
      this.cutAtCheck = this.stepChecks;
    }
    return this.isTimedOut;
  };

  /**
   * Whether the clock stops the run at this test: the recorded answer on a
   * replay, else the deadline (or the enclosing run's test, which records).
   */
  private clockSays(nextStepMs: number, check: number, recorded: number | undefined): boolean {
    if (recorded !== undefined && check >= recorded) return true;
    if (this.stopsWith) return this.stopsWith(nextStepMs);
    return this.elapsedMs + nextStepMs >= this.deadlineMs;
  }

  /**
   * The stop test of a phase that owns a share of the run's time (cp_sat's
   * start kicks, a learned method's teacher, training or policy updates):
   * true once a unit of work of `nextStepMs` would end past `untilMs` (ms
   * since the run's start). Asked between units of work, counted per phase,
   * and the call that said stop is recorded (ReplayRecipe.phaseStops); a
   * replay says stop at that call and never asks the clock, so the phase
   * does as many units as it did. Once it said stop, it keeps saying so.
   */
  phaseOver(phase: string, untilMs: number, nextStepMs = 0): boolean {
    let state = this.phases.get(phase);
    if (!state) this.phases.set(phase, (state = { checks: 0 }));
    if (state.stoppedAt !== undefined) return true;
    state.checks++;
    const recorded = this.recordedPhaseStops?.get(phase);
    const stops = this.recordedPhaseStops
      ? recorded !== undefined && state.checks >= recorded
      : this.elapsedMs + nextStepMs >= untilMs;
    if (stops) state.stoppedAt = state.checks;
    return stops;
  }

  /** The recipe a replay gives the polish (a learned method's ILS), if it is a replay. */
  get polishReplay(): ReplayRecipe | undefined {
    return this.options.replay?.polish;
  }

  /** Records the polish's own recipe, which this run's recipe carries. */
  recordPolish(recipe: ReplayRecipe): void {
    this.polishRecipe = recipe;
  }

  /**
   * A count a method sizes by the cap (a learned method's training windows or
   * updates): options.maxIterations when given, else the method's own default.
   */
  iterationLimit(defaultLimit: number): number {
    return (
      (this.options.replay ? this.options.replay.cap : this.options.maxIterations) ?? defaultLimit
    );
  }

  /** The main loop's cap: options.maxIterations (a replay's: the recorded run's), else none. */
  get iterationCap(): number {
    return (this.options.replay ? this.options.replay.cap : this.options.maxIterations) ?? Infinity;
  }

  /**
   * How far a schedule (temperature, threshold) has run at `iteration`, 0..1:
   * a function of the iteration and the schedule's knots only (progressAt).
   * Under a cap the one knot makes it `iteration / cap`; a replay reads the
   * recorded knots. An uncapped run fixes a knot at each 1/CHECKPOINTS of its
   * time, from the next iteration on (so both calls of one iteration read
   * the same value): progress then starts at the share of time used and
   * reaches 1 after the iterations the rate so far projects for the rest. So
   * the schedule spans the whole budget, as a clock schedule would, and the
   * clock decides only where the knots go, which the run records.
   */
  schedule(iteration: number): number {
    if (!this.isScheduleFixed) this.fixKnotWhenDue(iteration);
    return progressAt(this.knots, iteration);
  }

  private fixKnotWhenDue(iteration: number): void {
    const elapsed = this.elapsedMs;
    this.firstScheduleCall ??= { at: iteration, ms: elapsed };
    const share = elapsed / Math.max(1, this.deadlineMs);
    if (share * CHECKPOINTS < this.nextCheckpoint) return;
    const first = this.firstScheduleCall;
    // The pace needs some time to measure (a first iteration can come late, after a long descent).
    if (elapsed - first.ms < this.deadlineMs / (2 * CHECKPOINTS)) return;
    this.nextCheckpoint = Math.floor(share * CHECKPOINTS) + 1;
    const at = iteration + 1;
    const perMs = (at - first.at) / Math.max(1e-3, elapsed - first.ms);
    // Rounded as recorded (JSON and jsonb keep these exactly), and used as recorded.
    const knot: ScheduleKnot = [
      at,
      Math.round(Math.min(1, share) * 1e6) / 1e6,
      Math.max(1, Math.round(perMs * Math.max(0, this.remainingMs))),
    ];
    // A second checkpoint in the same iteration replaces the knot (nothing has read it yet).
    const last = this.knots.at(-1)?.[0] ?? -1;
    if (last === at) this.knots[this.knots.length - 1] = knot;
    else if (last < at) this.knots.push(knot);
  }

  /**
   * What reproduces this run's trajectory: its schedule, its cap, and the
   * stop test whose answer ended it, if the clock did; with the iterations it
   * ran, which a replay that follows the recipe matches.
   */
  replayRecipe(iterations: number | undefined): ReplayRecipe {
    const cap = this.options.replay ? this.options.replay.cap : this.options.maxIterations;
    // In name order, so that a recipe reads the same whatever order the phases ran in.
    const stopped = [...this.phases]
      .filter(([, state]) => state.stoppedAt !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([phase, state]) => [phase, state.stoppedAt!] as const);
    const phaseStops = Object.fromEntries(stopped);
    return {
      schedule: this.knots.map((k) => [...k] as const),
      ...(cap !== undefined ? { cap } : {}),
      ...(iterations !== undefined ? { iterations } : {}),
      ...(this.stopAtCheck !== undefined ? { stopAtCheck: this.stopAtCheck } : {}),
      ...(this.cutAtCheck !== undefined ? { cutAtCheck: this.cutAtCheck } : {}),
      ...(stopped.length > 0 ? { phaseStops } : {}),
      ...(this.polishRecipe ? { polish: this.polishRecipe } : {}),
    };
  }

  /** Share of the run done: the larger of the iteration share and the time share. */
  fraction(iterationShare = this.progressFraction): number {
    return Math.min(1, Math.max(iterationShare, this.elapsedMs / Math.max(1, this.deadlineMs)));
  }

  /** Yields to the event loop when due, so an abort message gets through. */
  async pause(): Promise<void> {
    const now = this.now();
    if (now - this.lastYield < YIELD_EVERY_MS) return;
    this.lastYield = now;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** Reports progress (throttled); fraction is the method's own share of iterations done. */
  report(message: string, iterationShare?: number, force = false): void {
    if (iterationShare !== undefined) this.progressFraction = iterationShare;
    const now = this.now();
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
