import { Worker } from 'node:worker_threads';
import { builtWorkerUrl } from '../core/built-workers';
import type { NeighbourhoodEncoding } from './cp-sat-encode';

/** What MiniSat made of one window. */
export interface WindowResult {
  /** True variables of the best solution found; null when it found none (or no thread time was left). */
  readonly trueVars: string[] | null;
  /** Whether both objectives were minimised to the proven optimum (false when the deadline cut it off). */
  readonly finished: boolean;
  /**
   * With encoding.band: every solution within the band of the integer optimum
   * (true variables each), or null when there were too many to list.
   */
  readonly band?: string[][] | null;
  /** Clauses the solver held when it finished the window (absent when it was cut off). */
  readonly clauses?: number;
}

type FromThread =
  | { type: 'ready' }
  | {
      id: number;
      type: 'improved' | 'done';
      trueVars: string[] | null;
      band?: string[][] | null;
      clauses?: number;
    }
  | { id: number; type: 'error'; message: string };

/**
 * The MiniSat thread of one cp_sat run (minisat-worker.mjs, run from the build). `solve` posts a
 * window and resolves when MiniSat is done, or when `timeoutMs` runs out or
 * the signal aborts: a MiniSat call cannot be interrupted, so the thread is
 * then terminated and the best solution it has posted so far is returned.
 * A terminated thread solves nothing more (the run is over by then).
 */
export class MiniSatThread {
  private readonly worker = new Worker(builtWorkerUrl('minisat'));
  private readonly ready: Promise<void>;
  private listener: ((message: FromThread | Error) => void) | null = null;
  private nextId = 0;
  private isClosed = false;

  constructor() {
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.once('message', () => resolve());
      this.worker.once('error', reject);
    });
    this.ready.catch(() => {}); // a start-up failure reaches the waiting solve, if any
    this.worker.on('message', (message: FromThread) => this.listener?.(message));
    this.worker.on('error', (error) => this.listener?.(error));
    this.worker.on('exit', (code) => {
      if (!this.isClosed) this.listener?.(new Error(`MiniSat thread exited with code ${code}`));
    });
  }

  solve(
    encoding: NeighbourhoodEncoding,
    incumbent: readonly string[],
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<WindowResult> {
    if (this.isClosed || timeoutMs <= 0 || signal?.aborted)
      return Promise.resolve({ trueVars: null, finished: false });
    const id = this.nextId++;
    let best: string[] | null = null;
    return new Promise<WindowResult>((resolve, reject) => {
      const finish = (action: () => void) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', cutOff);
        this.listener = null;
        action();
      };
      // Out of time or cancelled: end the call the only way there is, and keep what it posted.
      const cutOff = () => {
        void this.close();
        finish(() => resolve({ trueVars: best, finished: false }));
      };
      const timer = setTimeout(cutOff, timeoutMs);
      signal?.addEventListener('abort', cutOff, { once: true });
      this.listener = (message) => {
        if (message instanceof Error) return finish(() => reject(message));
        if (message.type === 'ready' || message.id !== id) return;
        if (message.type === 'error') return finish(() => reject(new Error(message.message)));
        if (message.trueVars) best = message.trueVars;
        if (message.type === 'done') {
          const band = message.band === undefined ? {} : { band: message.band };
          const clauses = message.clauses === undefined ? {} : { clauses: message.clauses };
          finish(() => resolve({ trueVars: best, finished: true, ...band, ...clauses }));
        }
      };
      this.ready.then(
        () => {
          if (this.listener) this.worker.postMessage({ id, encoding, incumbent });
        },
        (error: unknown) =>
          finish(() => reject(error instanceof Error ? error : new Error(String(error)))),
      );
    });
  }

  /** Ends the thread. */
  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    await this.worker.terminate();
  }
}
