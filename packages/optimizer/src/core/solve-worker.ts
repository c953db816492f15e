import { parentPort, workerData } from 'node:worker_threads';
import type { IncumbentChannel } from './context';
import { solveInProcess } from './solve-in-process';
import type { ParentToWorker, WorkerStart, WorkerToParent } from './worker-runner';

// Entry of a solve worker thread: runs one algorithm in process and talks to
// the parent by messages (progress, incumbents, abort, result).
const port = parentPort!;
const start = workerData as WorkerStart;
const controller = new AbortController();
let shared: { assign: Int32Array; total: number } | null = null;
const post = (message: WorkerToParent) => port.postMessage(message);

port.on('message', (message: ParentToWorker) => {
  if (message.type === 'abort') controller.abort();
  else if (!shared || message.total < shared.total) shared = message;
});

const incumbents: IncumbentChannel | undefined = start.shareIncumbents
  ? {
      publish: (assign, total) => post({ type: 'incumbent', assign: assign.slice(), total }),
      latest: () => shared,
    }
  : undefined;

solveInProcess(
  start.instance,
  start.options,
  { signal: controller.signal, onProgress: (progress) => post({ type: 'progress', progress }) },
  incumbents,
).then(
  (result) => {
    // The parent terminates the thread once it has the result.
    post({ type: 'result', result });
  },
  (error: unknown) => {
    const e = error instanceof Error ? error : new Error(String(error));
    post({ type: 'error', message: e.message, name: e.name });
  },
);
