// Replayable stops for a HiGHS thread: milp by role (milp-role-worker.ts),
// and milp's whole model, date windows and predict_then_optimize's MILP
// (highs-worker.ts, which counts its phases as stages).
//
// HiGHS is single-threaded here and calls its interrupt callbacks at points
// its own work fixes, so the count of those calls is a clock that every run of
// the same model reads alike. A run stops HiGHS at a callback (its clock test,
// or the parent's flag) and records which calls said stop (`cuts`), how many
// LP rounds it started and how many MIP stages; a replay (the recorded
// MilpRoleRecipe) stops at the same calls and never reads the clock.
//
// Two stops fall between callbacks (HiGHS busy where none comes, e.g. in
// presolve, under load for seconds): HiGHS's own time limit, and the parent
// terminating the thread at its deadline. What such a run left is the
// incumbents it streamed: the recipe says after how many it stopped (`halts`
// [lpRuns, stages, n], or `killedAfter` n for the terminated run, after which
// nothing ran), and a replay stops that run at its first callback after n
// incumbents and keeps no other. HiGHS is no longer given a time limit of its
// own (since 2026-11-27 for milp by role), so only the termination is left: a
// recipe with `halts` comes from an earlier run (a replay stops it as recorded).

import type {
  Highs,
  HighsCallbackMap,
  InterruptCallbackEvent,
  Model,
  ModelStatusCode,
} from 'highs';
import type { MilpRoleRecipe } from '../core/contract';

/** HiGHS takes only finite options: "no limit" is a year. */
const NO_LIMIT_SEC = 365 * 86_400;

type Constants = Highs['constants'];
type Halt = [lpRuns: number, stages: number, streamed: number];
/** A caller's handler of an interrupt callback (simplexInterrupt, mipInterrupt). */
type InterruptHandler = (event: InterruptCallbackEvent) => undefined;

/** Where a thread posts to its parent (its parentPort). */
export interface ParentPort {
  postMessage(message: unknown): void;
}

export interface ReplayableRunsOptions<T> {
  /** The recorded run's recipe (a replay), else null. */
  readonly replay: MilpRoleRecipe | null;
  /** Whether the parent asked the thread to stop (its shared flag). */
  readonly stopped: () => boolean;
  readonly port: ParentPort;
  readonly K: Constants['modelStatus'];
  readonly CB: Constants['callbackType'];
  /** The message that posts an incumbent (by default `{ type: 'incumbent', pairs }`). */
  readonly incumbent?: (solution: T) => unknown;
  /** HiGHS's log callback, passed to every run. */
  readonly logging?: HighsCallbackMap;
}

/** How one HiGHS run through `ReplayableRuns.run` ended. */
export interface ReplayableRun<T> {
  readonly modelStatus: ModelStatusCode;
  /** It stopped between callbacks (or, replayed, where such a stop was): `lastStreamed` is its result. */
  readonly halted: boolean;
  /** False when a replay had nothing left to run. */
  readonly ran: boolean;
  readonly lastStreamed: T | null;
}

/** The thread's HiGHS runs (replayableRuns). */
export interface ReplayableRuns<T> {
  lpRuns: number;
  stages: number;
  /** Interrupt callbacks so far, over all of the thread's runs. */
  checks: number;
  /** The run the parent terminated (a replay has reached it): no HiGHS run follows. */
  killed: boolean;
  run(until: number, callbacks?: HighsCallbackMap): ReplayableRun<T>;
  stream(solution: T): void;
  recipe(): MilpRoleRecipe;
  /** A replay that reached the recorded terminated run (maybe before any HiGHS run) ends there. */
  finish(): void;
}

/**
 * The thread's HiGHS runs on `model`: `run(until, callbacks)` runs HiGHS until
 * `until` (epoch ms), or on a replay to the recorded stop; the caller counts
 * `lpRuns` and `stages` (which identify a run) and streams incumbents through
 * `stream(pairs)`, each posted as `incumbent(pairs)` (by default
 * `{ type: 'incumbent', pairs }`). HiGHS gets no time limit of its own, on
 * a run as on a replay: a MIP hands what is left of
 * its limit to its sub-MIPs (RINS, RENS), which stop on it where no callback
 * sees it, so a run and its replay could part there (seen on milp's whole
 * model: the same callback cut, a different incumbent). The parent's
 * termination is then the only stop between callbacks.
 */
export function replayableRuns<T = Int32Array>(
  model: Model,
  options: ReplayableRunsOptions<T>,
): ReplayableRuns<T> {
  return new ThreadHighsRuns(model, options);
}

/** The state of a thread's HiGHS runs: what replayableRuns returns. */
class ThreadHighsRuns<T> implements ReplayableRuns<T> {
  lpRuns = 0;
  stages = 0;
  checks = 0;
  killed = false;
  private readonly model: Model;
  private readonly replay: MilpRoleRecipe | null;
  private readonly stopped: () => boolean;
  private readonly port: ParentPort;
  private readonly K: Constants['modelStatus'];
  private readonly CB: Constants['callbackType'];
  private readonly incumbent: (solution: T) => unknown;
  private readonly logging: HighsCallbackMap;
  private readonly cuts: number[] = [];
  private readonly halts: Halt[] = [];
  private runUntil = Infinity;
  /** Incumbents streamed in the run under way, and the last of them. */
  private streamed = 0;
  private lastStreamed: T | null = null;
  /** On a replay, the incumbents after which the run under way stops (undefined: at its cuts). */
  private haltAfter: number | undefined;

  constructor(model: Model, options: ReplayableRunsOptions<T>) {
    this.model = model;
    this.replay = options.replay;
    this.stopped = options.stopped;
    this.port = options.port;
    this.K = options.K;
    this.CB = options.CB;
    this.incumbent = options.incumbent ?? ((pairs) => ({ type: 'incumbent', pairs }));
    this.logging = options.logging ?? {};
  }

  finish(): void {
    if (this.isKilledRun()) this.killed = true;
  }

  /** Posts an improving solution, unless a replay is past those its recorded run streamed. */
  stream(pairs: T): void {
    if (this.haltAfter !== undefined && this.streamed >= this.haltAfter) return;
    this.streamed++;
    this.lastStreamed = pairs;
    this.port.postMessage(this.incumbent(pairs));
  }

  /** Where the thread is, as a MilpRoleRecipe. */
  recipe(): MilpRoleRecipe {
    return {
      lpRuns: this.lpRuns,
      stages: this.stages,
      cuts: this.cuts.slice(),
      ...(this.halts.length > 0 ? { halts: this.halts.map((h) => h.slice() as Halt) } : {}),
      // Only a replay that reached its recorded terminated run is killed here (isKilledRun).
      ...(this.killed ? { killedAfter: this.replay!.killedAfter } : {}),
    };
  }

  /**
   * `halted` says the run stopped between callbacks (or, replayed, where such
   * a stop was): its result is `lastStreamed`, not HiGHS's answer. `ran` is
   * false when a replay had nothing left to run. A caller's interrupt
   * callbacks in `callbacks` are called after the stop test (to read
   * progress); they must not interrupt HiGHS themselves, or the stop would
   * go unrecorded.
   */
  run(until: number, callbacks?: HighsCallbackMap): ReplayableRun<T> {
    if (!this.begin(until))
      return {
        modelStatus: this.K.interrupted,
        halted: true,
        ran: false,
        lastStreamed: this.lastStreamed,
      };
    const { modelStatus } = this.runHighs(callbacks);
    return this.end(modelStatus);
  }

  /** Starts a run: false when a replay has reached the terminated run with nothing streamed. */
  private begin(until: number): boolean {
    this.runUntil = until;
    this.streamed = 0;
    this.lastStreamed = null;
    // The parent keeps the latest: if it terminates the thread, this run and its incumbents are where it was.
    this.port.postMessage({ type: 'run', recipe: this.recipe() });
    this.haltAfter = this.recordedHalt();
    if (this.isKilledRun()) this.killed = true;
    return !(this.killed && this.haltAfter === 0);
  }

  /** One HiGHS run, its interrupt callbacks passing through the stop test first. */
  private runHighs(callbacks: HighsCallbackMap | undefined) {
    const { CB } = this;
    this.model.options.set({ time_limit: NO_LIMIT_SEC });
    this.model.zeroAllClocks();
    const after =
      (type: typeof CB.simplexInterrupt | typeof CB.mipInterrupt) =>
      (event: InterruptCallbackEvent): undefined => {
        this.checkpoint(event);
        // Either channel's handler takes an interrupt event.
        (callbacks?.[type] as InterruptHandler | undefined)?.(event);
      };
    return this.model.run({
      ...this.logging,
      ...callbacks,
      [CB.simplexInterrupt]: after(CB.simplexInterrupt),
      [CB.mipInterrupt]: after(CB.mipInterrupt),
    });
  }

  /** Records a halted run and says how the run ended. */
  private end(status: ModelStatusCode): ReplayableRun<T> {
    const halted = this.haltAfter !== undefined || status === this.K.timeLimit;
    if (halted && !this.killed)
      this.halts.push([this.lpRuns, this.stages, this.haltAfter ?? this.streamed]);
    // A halted run and its replay stopped at different points: neither's basis nor solution goes on.
    if (halted) this.model.clearSolver();
    this.haltAfter = undefined;
    return {
      modelStatus: halted ? this.K.interrupted : status,
      halted,
      ran: true,
      lastStreamed: this.lastStreamed,
    };
  }

  /** The stop test at every interrupt callback: a replay's recorded cut, else the clock or the parent's flag. */
  private checkpoint(event: InterruptCallbackEvent): void {
    this.checks++;
    if (this.haltAfter !== undefined) {
      if (this.streamed >= this.haltAfter) event.interrupt();
      return;
    }
    const cut = this.replay ? this.replay.cuts.includes(this.checks) : Date.now() >= this.runUntil;
    if (cut || this.stopped()) {
      this.cuts.push(this.checks);
      event.interrupt();
    }
  }

  private isKilledRun(): boolean {
    const { replay } = this;
    return (
      replay?.killedAfter !== undefined &&
      replay.lpRuns === this.lpRuns &&
      replay.stages === this.stages
    );
  }

  /** On a replay, the incumbents after which the run under way stops (undefined: at its cuts). */
  private recordedHalt(): number | undefined {
    const { replay } = this;
    if (!replay) return undefined;
    if (this.isKilledRun()) return replay.killedAfter;
    const halt = (replay.halts ?? []).find(([l, s]) => l === this.lpRuns && s === this.stages);
    return halt?.[2];
  }
}
