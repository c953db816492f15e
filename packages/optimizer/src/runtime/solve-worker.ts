import { parentPort, workerData } from 'node:worker_threads';
import type { Instance } from '@meridian/domain';
import { compileInstance } from '../core/compile';
import type { CompiledInstance } from '../core/compile';
import { solveInProcess } from './solve-in-process';
import type { ParentToWorker, WorkerToParent } from './worker-runner';

// Entry of a solve worker thread: holds one instance and runs algorithms on it
// as the parent asks, posting progress and the result; 'abort' stops a run.
const port = parentPort!;
const instance = workerData as Instance;
let controller: AbortController | null = null;
const post = (message: WorkerToParent) => port.postMessage(message);
// The instance never changes in this thread: compile it once per set of weights.
const compiledByWeights = new Map<string, CompiledInstance>();
const compileOnce: typeof compileInstance = (inst, weights) => {
  const key = JSON.stringify(weights);
  let compiled = compiledByWeights.get(key);
  if (!compiled) {
    compiled = compileInstance(inst, weights);
    compiledByWeights.set(key, compiled);
  }
  return compiled;
};

port.on('message', (message: ParentToWorker) => {
  if (message.type === 'abort') {
    controller?.abort();
    return;
  }
  const run = new AbortController();
  controller = run;
  solveInProcess(
    instance,
    message.options,
    {
      signal: run.signal,
      onProgress: (progress) => post({ type: 'progress', progress }),
    },
    compileOnce,
  ).then(
    (result) => post({ type: 'result', result }),
    (error: unknown) => {
      const e = error instanceof Error ? error : new Error(String(error));
      post({ type: 'error', message: e.message, name: e.name });
    },
  );
});

post({ type: 'ready' });
