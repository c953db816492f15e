import { channel } from 'node:diagnostics_channel';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { KitCoverJob, KitCoverKit, KitCoverResult } from '@meridian/optimizer/kits';

/** What one path-cover thread solves. */
export interface PathCoverInput {
  jobs: KitCoverJob[];
  kits: KitCoverKit[];
}

/** The thread's one message back. */
export type PathCoverReply = { ok: true; result: KitCoverResult } | { ok: false; message: string };

/**
 * Published with `{ phase: 'start' | 'end', jobs }` around every cover run in a
 * thread: for monitoring, and for the test that proves the API keeps
 * answering while a cover runs (no cost when nobody subscribes).
 */
export const pathCoverChannel = channel('meridian:kit-path-cover');

/**
 * Starts the worker entry. The built server (plain node) starts
 * path-cover.worker.js, which the api build writes next to its bundle. Tests
 * run this module as TypeScript, and Node 20 applies no loader to a worker's
 * entry module, so there a two-line bootstrap registers tsx's ESM hooks in
 * the thread first (tsx is a dev dependency; the built server never takes this path).
 */
function spawn(input: PathCoverInput): Worker {
  const here = import.meta.url;
  const entry = new URL(
    here.endsWith('.ts') ? './path-cover.worker.ts' : './path-cover.worker.js',
    here,
  );
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData: input });
  const tsxRoot = dirname(createRequire(here).resolve('tsx/package.json'));
  const api = pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: input });
}

/**
 * The exact minimum-cost kit path cover on a thread of its own: its work
 * grows with the square of the jobs (seconds of CPU on a busy machine at 600
 * jobs), and on the event loop it would stall every request of the process.
 * One short-lived thread per run: a run is a button press, and the thread
 * holds nothing between runs. `signal` (a cancel) ends the thread at once.
 */
export function coverInThread(
  input: PathCoverInput,
  signal?: AbortSignal,
): Promise<KitCoverResult> {
  const jobs = input.jobs.length;
  return new Promise<KitCoverResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error('kit path cover cancelled'));
      return;
    }
    const worker = spawn(input);
    if (pathCoverChannel.hasSubscribers) pathCoverChannel.publish({ phase: 'start', jobs });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (pathCoverChannel.hasSubscribers) pathCoverChannel.publish({ phase: 'end', jobs });
      action();
      void worker.terminate();
    };
    const onAbort = () => settle(() => reject(new Error('kit path cover cancelled')));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (reply: PathCoverReply) =>
      settle(() => (reply.ok ? resolve(reply.result) : reject(new Error(reply.message)))),
    );
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`kit path-cover thread exited with code ${code}`))),
    );
  });
}
