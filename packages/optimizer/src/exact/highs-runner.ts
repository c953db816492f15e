import { Worker } from 'node:worker_threads';
import { builtWorkerUrl } from '../core/built-workers';
import type { HighsRecipe, MilpRoleRecipe } from '../core/contract';
import type { MilpModel } from './milp-model';

/** How one HiGHS phase ended. */
export interface HighsPhase {
  readonly status: string;
  readonly optimal: boolean;
  readonly objective: number | null;
  readonly bound: number;
  readonly gap: number;
  readonly nodes: number;
}

/** What a two-phase HiGHS run returns. */
export interface HighsRun {
  /** Best x values (length xCount) or null if HiGHS found none. */
  readonly x: Float64Array | null;
  readonly coverage: number;
  readonly phase1Proven: boolean;
  readonly phase1: HighsPhase | null;
  readonly phase2: HighsPhase | null;
  /** 'done', 'stopped' (abort or deadline; best incumbent kept) or 'crashed' (worker died, e.g. heap cap). */
  readonly outcome: 'done' | 'stopped' | 'crashed';
  readonly error?: string;
  readonly seconds: number;
  /** What reproduces the run: its options and where it stopped, in HiGHS's own work. */
  readonly recipe: HighsRecipe;
  /** HiGHS's interrupt callbacks over the run's phases (null if the thread did not answer). */
  readonly callbacks: number | null;
}

export interface HighsRunOptions {
  readonly timeLimitSec: number;
  readonly seed: number;
  readonly signal?: AbortSignal;
  /** Coverage already proven maximal by the caller (skips phase 1), else null. */
  readonly knownCoverage: number | null;
  readonly warmStart: Float64Array | null;
  readonly warmCoverage: number;
  readonly phase1Share?: number;
  readonly mipRelGap?: number;
  /** Solve the LP relaxation instead (for bounds). */
  readonly isLp?: boolean;
  /** Stop after phase 1 (coverage). */
  readonly onlyPhase1?: boolean;
  /** Called with each improving phase-2 (or phase-1) incumbent's x values. */
  readonly onIncumbent?: (x: Float64Array, phase: number) => void;
  readonly onLog?: (phase: number, primal: number, dual: number, gap: number) => void;
  /**
   * Replays a recorded run: HiGHS runs with its options (seed and gap
   * included; `seed` and `mipRelGap` are then unused) and stops where it
   * stopped, never on the clock. `timeLimitSec` then only bounds a replay
   * that cannot finish (its recipe then differs).
   */
  readonly replay?: HighsRecipe;
}

/** What runHighs hands its thread (highs-worker.ts) as its workerData. */
export interface HighsJob extends Omit<MilpModel, 'rotation'> {
  /** Not sent (the thread does not need it). */
  readonly rotation?: undefined;
  /** A shared Int32 flag: not 0 once the parent asks the thread to stop. */
  readonly stop: SharedArrayBuffer;
  /** Exactly the options HiGHS runs with (a replay's: the recorded run's). */
  readonly highsOptions: HighsRecipe['options'];
  /** Where the recorded run stopped (a replay), else null. */
  readonly replay: MilpRoleRecipe | null;
  readonly timeLimitSec: number;
  readonly deadlineEpochMs: number;
  readonly overshootSec: number;
  readonly knownCoverage: number | null;
  readonly warmStart: Float64Array | null;
  readonly warmCoverage: number;
  readonly phase1Share: number;
  readonly isLp: boolean;
  readonly onlyPhase1: boolean;
}

/** A phase's result as the thread posts it (its x travels apart, or not at all). */
type PostedPhase = HighsPhase & { readonly colValue?: undefined };

/** What the HiGHS thread (highs-worker.ts) posts to runHighs. */
export type HighsWorkerMessage =
  | { type: 'run'; recipe: MilpRoleRecipe }
  | { type: 'incumbent'; phase: number; colValue: Float64Array }
  | { type: 'log'; phase: number; primal: number; dual: number; gap: number }
  | ({ type: 'phase'; phase: number } & PostedPhase)
  | {
      type: 'done';
      killed: boolean;
      recipe: MilpRoleRecipe;
      callbacks: number;
      colValue: Float64Array | null;
      /** Null only when killed (a replay that ended before phase 1). */
      coverage: number | null;
      phase1Proven: boolean;
      phase1: PostedPhase | null;
      phase2: PostedPhase | null;
      seconds: number;
      memoryBytes: number;
    }
  | { type: 'error'; message: string };

/** HiGHS's relative MIP gap below which an incumbent counts as optimal. */
export const MIP_REL_GAP = 1e-6;

/** After a cancel asks HiGHS to stop, how long to wait before terminating its thread. */
const STOP_GRACE_MS = 700;

/**
 * How much earlier than the deadline HiGHS's own time limit is set (and its
 * stop flag raised). HiGHS checks its clock between units of work that grow
 * with the model: measured on the team machine, a 1,000 x 80 model (373k
 * nonzeros) ran 0.55 s past its time limit when the machine was otherwise
 * idle, a 400 x 40 one (73k) well under 0.1 s; the thread is terminated at
 * the deadline if it has not answered by then (its incumbents have been
 * streamed already; only the final bound is lost).
 */
export function highsOvershootSec(nonzeros: number): number {
  return 0.1 + nonzeros / 500_000;
}

/**
 * Runs the two-phase solve on a fresh worker thread (HiGHS is synchronous and
 * single-threaded, and a WASM Aborted() poisons its runtime, so each run gets
 * its own thread and the thread is discarded afterwards: that is the recycling).
 * The AbortSignal and the deadline set a shared flag that HiGHS's interrupt
 * callbacks read; a thread that does not answer is terminated and the best
 * incumbent already streamed back is kept.
 */
export function runHighs(model: MilpModel, options: HighsRunOptions): Promise<HighsRun> {
  const stopBuffer = new SharedArrayBuffer(4);
  const stop = new Int32Array(stopBuffer);
  const highsOptions = options.replay?.options ?? {
    random_seed: options.seed % 2_147_483_647,
    mip_rel_gap: options.mipRelGap ?? MIP_REL_GAP,
  };
  const worker = startHighsWorker(model, options, stopBuffer, highsOptions);
  const started = performance.now();
  const progress: HighsProgress = {
    best: null,
    bestPhase: 0,
    at: { stops: { lpRuns: 0, stages: 0, cuts: [] }, streamed: 0 },
  };
  const recipe = (stops: MilpRoleRecipe): HighsRecipe => ({ options: highsOptions, stops });
  return new Promise<HighsRun>((resolve) => {
    let settled = false;
    let killTimer: NodeJS.Timeout | undefined;
    const finish = (run: Omit<HighsRun, 'seconds'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (killTimer) clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', cancel);
      void worker.terminate();
      resolve({ ...run, seconds: (performance.now() - started) / 1000 });
    };
    // A replay stops that run after as many incumbents as were received (MilpRoleRecipe.killedAfter).
    const stoppedEarly = (
      error?: string,
      stops: MilpRoleRecipe = { ...progress.at.stops, killedAfter: progress.at.streamed },
    ) => stoppedRun(progress.best, options, recipe(stops), error);
    const requestStop = (graceMs = STOP_GRACE_MS) => {
      Atomics.store(stop, 0, 1);
      killTimer ??= setTimeout(() => finish(stoppedEarly()), graceMs);
    };
    const cancel = () => requestStop();
    // HiGHS's own time_limit should end the run; the flag, read by its interrupt callbacks,
    // is raised at the same moment, and the thread is terminated at the deadline.
    const overshootMs = 1000 * highsOvershootSec(model.indices.length);
    const deadline = setTimeout(
      () => requestStop(overshootMs),
      Math.max(0, options.timeLimitSec * 1000 - overshootMs),
    );
    if (options.signal?.aborted) cancel();
    options.signal?.addEventListener('abort', cancel, { once: true });

    worker.on('message', (m: HighsWorkerMessage) => {
      // What arrives after the end is not used, so the recipe holds what was.
      if (settled) return;
      if (m.type === 'done')
        finish(
          m.killed
            ? stoppedEarly(undefined, m.recipe)
            : completedRun(m, model.xCount, progress.best, stop, recipe(m.recipe)),
        );
      else if (m.type === 'error') finish(stoppedEarly(m.message));
      else recordProgress(progress, m, options);
    });
    worker.on('error', (error) => finish(stoppedEarly(error.message)));
    worker.on('exit', (code) => finish(stoppedEarly(`HiGHS worker exited with code ${code}`)));
  });
}

/** What runHighs has received from its thread so far. */
interface HighsProgress {
  /** The best incumbent received (a later phase's over an earlier one's), and its phase. */
  best: Float64Array | null;
  bestPhase: number;
  /** The HiGHS run under way (as the thread posted it) and the incumbents received from it. */
  at: { stops: MilpRoleRecipe; streamed: number };
}

/** Starts the thread (highs-worker.ts) that runs HiGHS on the model with these options. */
function startHighsWorker(
  model: MilpModel,
  options: HighsRunOptions,
  stopBuffer: SharedArrayBuffer,
  highsOptions: HighsRecipe['options'],
): Worker {
  return new Worker(builtWorkerUrl('highs'), {
    workerData: {
      ...model,
      rotation: undefined,
      stop: stopBuffer,
      highsOptions,
      replay: options.replay?.stops ?? null,
      timeLimitSec: options.timeLimitSec,
      deadlineEpochMs: Date.now() + options.timeLimitSec * 1000,
      overshootSec: highsOvershootSec(model.indices.length),
      knownCoverage: options.knownCoverage,
      warmStart: options.warmStart,
      warmCoverage: options.warmCoverage,
      phase1Share: options.phase1Share ?? 0.4,
      isLp: options.isLp ?? false,
      onlyPhase1: options.onlyPhase1 ?? false,
    } satisfies HighsJob,
  });
}

/** Notes a message that does not end the run: a new HiGHS run, an incumbent, a log line. */
function recordProgress(
  progress: HighsProgress,
  m: Exclude<HighsWorkerMessage, { type: 'done' } | { type: 'error' }>,
  options: HighsRunOptions,
): void {
  switch (m.type) {
    case 'run':
      progress.at = { stops: m.recipe, streamed: 0 };
      break;
    case 'incumbent':
      progress.at.streamed++;
      if (m.phase >= progress.bestPhase) {
        progress.best = m.colValue;
        progress.bestPhase = m.phase;
        options.onIncumbent?.(m.colValue, m.phase);
      }
      break;
    case 'log':
      options.onLog?.(m.phase, m.primal, m.dual, m.gap);
      break;
    case 'phase':
      break;
  }
}

/** A run the thread finished and answered: its own x (or the best incumbent), phases and callbacks. */
function completedRun(
  m: Extract<HighsWorkerMessage, { type: 'done' }>,
  xCount: number,
  best: Float64Array | null,
  stop: Int32Array,
  recipe: HighsRecipe,
): Omit<HighsRun, 'seconds'> {
  return {
    x: m.colValue ? m.colValue.slice(0, xCount) : best,
    coverage: m.coverage!,
    phase1Proven: m.phase1Proven,
    phase1: m.phase1,
    phase2: m.phase2,
    outcome: Atomics.load(stop, 0) !== 0 ? 'stopped' : 'done',
    recipe,
    callbacks: m.callbacks,
  };
}

/** Terminated (or, replayed, stopped where that was): the incumbents received are what it left. */
function stoppedRun(
  best: Float64Array | null,
  options: HighsRunOptions,
  recipe: HighsRecipe,
  error?: string,
): Omit<HighsRun, 'seconds'> {
  return {
    x: best,
    coverage: best ? sum(best) : options.warmCoverage,
    phase1Proven: options.knownCoverage !== null,
    phase1: null,
    phase2: null,
    outcome: error ? 'crashed' : 'stopped',
    ...(error ? { error } : {}),
    recipe,
    callbacks: null,
  };
}

function sum(x: Float64Array): number {
  let s = 0;
  for (const v of x) s += v > 0.5 ? 1 : 0;
  return s;
}
