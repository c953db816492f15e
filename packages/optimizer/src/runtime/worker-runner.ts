import { Worker } from 'node:worker_threads';
import type { Instance } from '@meridian/domain';
import type { SolveHooks, SolveProgress, SolveResult } from '../core/contract';
import type { AlgorithmThread, RunOptions, StartThreads } from '../core/context';
import { builtWorkerUrl } from '../core/built-workers';

/** Messages from a solve worker to its parent. */
export type WorkerToParent =
  | { type: 'ready' }
  | { type: 'progress'; progress: SolveProgress }
  | { type: 'result'; result: SolveResult }
  | { type: 'error'; message: string; name: string };

/** Messages from the parent: run one algorithm, or stop the current run (best so far comes back). */
export type ParentToWorker = { type: 'run'; options: RunOptions } | { type: 'abort' };

/** Grace after an abort before the worker is terminated the hard way. */
export const ABORT_GRACE_MS = 2_000;

/**
 * One worker thread holding one instance; runs algorithms on it one after the
 * other (solve() uses one run, a portfolio member one run per epoch). Progress
 * is relayed through hooks.onProgress; an abort is posted to the worker, which
 * returns its best so far, and the thread is terminated if it has not
 * answered within ABORT_GRACE_MS.
 */
export class SolveWorker implements AlgorithmThread {
  private readonly worker: Worker;
  private current: ((message: WorkerToParent | Error) => void) | null = null;
  /** Resolves once the thread has loaded its code and listens (start-up can take seconds under load). */
  readonly ready: Promise<void>;
  isReady = false;

  /** Starts the thread from the build (dist/workers/solve-worker.js); throws when there is none. */
  constructor(instance: Readonly<Instance>) {
    this.worker = new Worker(builtWorkerUrl('solve'), { workerData: instance });
    let markReady: () => void = () => {};
    let failReady: (error: Error) => void = () => {};
    this.ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    this.ready.catch(() => {}); // a start-up failure also reaches the running call, if any
    this.worker.on('message', (message: WorkerToParent) => {
      if (message.type === 'ready') {
        this.isReady = true;
        markReady();
      } else this.current?.(message);
    });
    this.worker.on('error', (error) => {
      failReady(error);
      this.current?.(error);
    });
    this.worker.on('exit', (code) => {
      const error = new Error(`solve worker exited with code ${code}`);
      failReady(error);
      this.current?.(error);
    });
  }

  /** Runs one algorithm on the worker; rejects on a worker error or a missed cancel. */
  run(options: RunOptions, hooks: SolveHooks = {}): Promise<SolveResult> {
    if (this.current) return Promise.reject(new Error('this worker is already running'));
    return new Promise<SolveResult>((resolve, reject) => {
      let graceTimer: NodeJS.Timeout | undefined;
      const finish = (action: () => void) => {
        this.current = null;
        if (graceTimer) clearTimeout(graceTimer);
        hooks.signal?.removeEventListener('abort', onAbort);
        action();
      };
      const onAbort = () => {
        this.worker.postMessage({ type: 'abort' } satisfies ParentToWorker);
        // The grace counts from when the thread listens: a queued abort is read right after the run.
        void this.ready.then(
          () => {
            if (this.current !== handler) return;
            graceTimer = setTimeout(() => {
              void this.worker.terminate();
              finish(() =>
                reject(new Error('solver did not stop after cancel; worker terminated')),
              );
            }, ABORT_GRACE_MS);
          },
          () => {},
        );
      };
      const handler = (message: WorkerToParent | Error) => {
        if (message instanceof Error) return finish(() => reject(message));
        switch (message.type) {
          case 'ready':
            break;
          case 'progress':
            hooks.onProgress?.(message.progress);
            break;
          case 'result':
            finish(() => resolve(message.result));
            break;
          case 'error': {
            const error = new Error(message.message);
            error.name = message.name;
            finish(() => reject(error));
            break;
          }
        }
      };
      this.current = handler;
      this.worker.postMessage({ type: 'run', options } satisfies ParentToWorker);
      if (hooks.signal?.aborted) onAbort();
      else hooks.signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Ends the thread. */
  async close(): Promise<void> {
    this.current = null;
    await this.worker.terminate();
  }
}

/** The threads a run may start (the portfolio's members): solve workers on the run's instance. */
export const startSolveWorkers: StartThreads = (instance, count) =>
  Array.from({ length: count }, () => new SolveWorker(instance));
