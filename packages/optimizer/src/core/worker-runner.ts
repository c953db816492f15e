import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Instance } from '@meridian/domain';
import type { SolveHooks, SolveResult } from '../contract';
import type { RunOptions } from './context';

/** Messages from the solve worker to its parent. */
export type WorkerToParent =
  | { type: 'progress'; progress: Parameters<NonNullable<SolveHooks['onProgress']>>[0] }
  | { type: 'incumbent'; assign: Int32Array; total: number }
  | { type: 'result'; result: SolveResult }
  | { type: 'error'; message: string; name: string };

/** Messages from the parent to the solve worker. */
export type ParentToWorker =
  { type: 'abort' } | { type: 'incumbent'; assign: Int32Array; total: number };

/** Data the worker starts from. */
export interface WorkerStart {
  instance: Instance;
  options: RunOptions;
  /** Portfolio members exchange incumbents with the parent. */
  shareIncumbents: boolean;
}

/** Grace after an abort before the worker is terminated the hard way. */
export const ABORT_GRACE_MS = 2_000;

const workerUrl = (): URL => {
  const here = import.meta.url;
  return new URL(here.endsWith('.ts') ? './solve-worker.ts' : './solve-worker.js', here);
};

/**
 * A .ts worker (tests, tsx programs) must load under tsx too. Node 20 does not
 * apply `--import tsx` to a worker's entry module, so a tiny bootstrap
 * registers tsx's ESM hooks in the thread first and then imports the entry.
 */
function spawn(start: WorkerStart): Worker {
  const url = workerUrl();
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData: start });
  // The ESM build of tsx/esm/api (its "import" export condition).
  const tsxRoot = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const api = pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: start });
}

/** A running solve worker: its result, plus a channel for incumbents (portfolio members). */
export interface WorkerHandle {
  readonly result: Promise<SolveResult>;
  send(message: ParentToWorker): void;
}

/**
 * Starts one algorithm run on a worker thread. Progress is relayed through
 * hooks.onProgress; an abort is posted to the worker, which returns its best
 * so far, and the worker is terminated if it has not answered after the grace.
 */
export function startWorker(
  start: WorkerStart,
  hooks: SolveHooks = {},
  onIncumbent?: (assign: Int32Array, total: number) => void,
): WorkerHandle {
  const worker = spawn(start);
  let settled = false;
  const result = new Promise<SolveResult>((resolve, reject) => {
    let graceTimer: NodeJS.Timeout | undefined;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      if (graceTimer) clearTimeout(graceTimer);
      hooks.signal?.removeEventListener('abort', onAbort);
      action();
      void worker.terminate();
    };
    const onAbort = () => {
      worker.postMessage({ type: 'abort' } satisfies ParentToWorker);
      graceTimer = setTimeout(
        () =>
          finish(() => reject(new Error('solver did not stop after cancel; worker terminated'))),
        ABORT_GRACE_MS,
      );
    };
    if (hooks.signal?.aborted) onAbort();
    else hooks.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: WorkerToParent) => {
      switch (message.type) {
        case 'progress':
          hooks.onProgress?.(message.progress);
          break;
        case 'incumbent':
          onIncumbent?.(message.assign, message.total);
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
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`solve worker exited with code ${code} before a result`))),
    );
  });
  return {
    result,
    send: (message) => {
      if (!settled) worker.postMessage(message);
    },
  };
}
