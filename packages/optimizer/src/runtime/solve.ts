import type { Solve } from '../core/contract';
import { SolveWorker } from './worker-runner';

/**
 * The one solve contract: runs the chosen algorithm on a worker thread, never
 * on the caller's event loop. Cancel through hooks.signal (best so far comes
 * back with status 'cancelled'); progress arrives through hooks.onProgress.
 */
export const solve: Solve = async (instance, options, hooks = {}) => {
  const worker = new SolveWorker(instance);
  try {
    return await worker.run(options, hooks);
  } finally {
    await worker.close();
  }
};
