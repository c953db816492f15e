import { Worker } from 'node:worker_threads';
import { builtWorkerUrl } from '../core/built-workers';
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
}

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
  const worker = new Worker(builtWorkerUrl('highs'), {
    workerData: {
      ...model,
      rotation: undefined,
      stop: stopBuffer,
      seed: options.seed % 2_147_483_647,
      timeLimitSec: options.timeLimitSec,
      deadlineEpochMs: Date.now() + options.timeLimitSec * 1000,
      overshootSec: highsOvershootSec(model.indices.length),
      knownCoverage: options.knownCoverage,
      warmStart: options.warmStart,
      warmCoverage: options.warmCoverage,
      phase1Share: options.phase1Share ?? 0.4,
      mipRelGap: options.mipRelGap ?? MIP_REL_GAP,
      isLp: options.isLp ?? false,
      onlyPhase1: options.onlyPhase1 ?? false,
    },
  });
  const started = performance.now();
  let best: Float64Array | null = null;
  let bestPhase = 0;
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
    const stoppedEarly = (error?: string): Omit<HighsRun, 'seconds'> => ({
      x: best,
      coverage: best ? sum(best) : options.warmCoverage,
      phase1Proven: options.knownCoverage !== null,
      phase1: null,
      phase2: null,
      outcome: error ? 'crashed' : 'stopped',
      ...(error ? { error } : {}),
    });
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

    worker.on('message', (m: WorkerMessage) => {
      switch (m.type) {
        case 'incumbent':
          if (m.phase >= bestPhase) {
            best = m.colValue;
            bestPhase = m.phase;
            options.onIncumbent?.(m.colValue, m.phase);
          }
          break;
        case 'log':
          options.onLog?.(m.phase, m.primal, m.dual, m.gap);
          break;
        case 'phase':
          break;
        case 'done':
          finish({
            x: m.colValue ? m.colValue.slice(0, model.xCount) : best,
            coverage: m.coverage,
            phase1Proven: m.phase1Proven,
            phase1: m.phase1,
            phase2: m.phase2,
            outcome: Atomics.load(stop, 0) !== 0 ? 'stopped' : 'done',
          });
          break;
        case 'error':
          finish(stoppedEarly(m.message));
          break;
      }
    });
    worker.on('error', (error) => finish(stoppedEarly(error.message)));
    worker.on('exit', (code) => finish(stoppedEarly(`HiGHS worker exited with code ${code}`)));
  });
}

type WorkerMessage =
  | { type: 'incumbent'; phase: number; colValue: Float64Array }
  | { type: 'log'; phase: number; primal: number; dual: number; gap: number }
  | { type: 'phase' }
  | {
      type: 'done';
      colValue: Float64Array | null;
      coverage: number;
      phase1Proven: boolean;
      phase1: HighsPhase | null;
      phase2: HighsPhase | null;
    }
  | { type: 'error'; message: string };

function sum(x: Float64Array): number {
  let s = 0;
  for (const v of x) s += v > 0.5 ? 1 : 0;
  return s;
}
