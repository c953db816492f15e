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
  {
    replay,
    stopped,
    port,
    K,
    CB,
    incumbent = (pairs) => ({ type: 'incumbent', pairs }),
    logging = {},
  }: ReplayableRunsOptions<T>,
): ReplayableRuns<T> {
  const cuts: number[] = [];
  const halts: Halt[] = [];
  let runUntil = Infinity;
  /** Incumbents streamed in the run under way, and the last of them. */
  let streamed = 0;
  let lastStreamed: T | null = null;
  /** On a replay, the incumbents after which the run under way stops (undefined: at its cuts). */
  let haltAfter: number | undefined;
  const self: ReplayableRuns<T> = {
    lpRuns: 0,
    stages: 0,
    /** Interrupt callbacks so far, over all of the thread's runs. */
    checks: 0,
    /** The run the parent terminated (a replay has reached it): no HiGHS run follows. */
    killed: false,
    run,
    stream,
    recipe,
    /** A replay that reached the recorded terminated run (maybe before any HiGHS run) ends there. */
    finish() {
      if (isKilledRun()) self.killed = true;
    },
  };
  return self;

  function isKilledRun(): boolean {
    return (
      replay?.killedAfter !== undefined &&
      self.lpRuns === replay.lpRuns &&
      self.stages === replay.stages
    );
  }

  function recordedHalt(): number | undefined {
    if (!replay) return undefined;
    if (isKilledRun()) return replay.killedAfter;
    const halt = (replay.halts ?? []).find(([l, s]) => l === self.lpRuns && s === self.stages);
    return halt?.[2];
  }

  function checkpoint(event: InterruptCallbackEvent): void {
    self.checks++;
    if (haltAfter !== undefined) {
      if (streamed >= haltAfter) event.interrupt();
      return;
    }
    const cut = replay ? replay.cuts.includes(self.checks) : Date.now() >= runUntil;
    if (cut || stopped()) {
      cuts.push(self.checks);
      event.interrupt();
    }
  }

  /** Posts an improving solution, unless a replay is past those its recorded run streamed. */
  function stream(pairs: T): void {
    if (haltAfter !== undefined && streamed >= haltAfter) return;
    streamed++;
    lastStreamed = pairs;
    port.postMessage(incumbent(pairs));
  }

  /** Where the thread is, as a MilpRoleRecipe. */
  function recipe(): MilpRoleRecipe {
    return {
      lpRuns: self.lpRuns,
      stages: self.stages,
      cuts: cuts.slice(),
      ...(halts.length > 0 ? { halts: halts.map((h) => h.slice() as Halt) } : {}),
      // Only a replay that reached its recorded terminated run is killed here (isKilledRun).
      ...(self.killed ? { killedAfter: replay!.killedAfter } : {}),
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
  function run(until: number, callbacks?: HighsCallbackMap): ReplayableRun<T> {
    runUntil = until;
    streamed = 0;
    lastStreamed = null;
    // The parent keeps the latest: if it terminates the thread, this run and its incumbents are where it was.
    port.postMessage({ type: 'run', recipe: recipe() });
    haltAfter = recordedHalt();
    if (isKilledRun()) self.killed = true;
    if (self.killed && haltAfter === 0)
      return { modelStatus: K.interrupted, halted: true, ran: false, lastStreamed };
    model.options.set({ time_limit: NO_LIMIT_SEC });
    model.zeroAllClocks();
    const after =
      (type: typeof CB.simplexInterrupt | typeof CB.mipInterrupt) =>
      (event: InterruptCallbackEvent): undefined => {
        checkpoint(event);
        // Either channel's handler takes an interrupt event.
        (callbacks?.[type] as InterruptHandler | undefined)?.(event);
      };
    const ran = model.run({
      ...logging,
      ...callbacks,
      [CB.simplexInterrupt]: after(CB.simplexInterrupt),
      [CB.mipInterrupt]: after(CB.mipInterrupt),
    });
    const halted = haltAfter !== undefined || ran.modelStatus === K.timeLimit;
    if (halted && !self.killed) halts.push([self.lpRuns, self.stages, haltAfter ?? streamed]);
    // A halted run and its replay stopped at different points: neither's basis nor solution goes on.
    if (halted) model.clearSolver();
    haltAfter = undefined;
    return {
      modelStatus: halted ? K.interrupted : ran.modelStatus,
      halted,
      ran: true,
      lastStreamed,
    };
  }
}
