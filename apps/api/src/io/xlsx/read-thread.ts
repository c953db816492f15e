import { channel } from 'node:diagnostics_channel';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { XLSX_THREAD_HEAP_MB } from '../issues';
import type { XlsxReadResult } from './read-workbook';

/** What one reading thread is started with. */
export interface XlsxThreadInput {
  bytes: Uint8Array;
  maxRecords: number;
}

/**
 * Published with `{ phase: 'start' | 'end' }` around every thread's run: for
 * monitoring, and for the test that proves requests are answered meanwhile.
 */
export const xlsxThreadChannel = channel('meridian:xlsx-read');

/**
 * Starts the worker entry. The built server starts xlsx-read.worker.js, which the
 * api build writes next to its bundle (apps/api/scripts/build.mjs). Tests run
 * this module as TypeScript, and Node 20 applies no loader to a worker's
 * entry module, so there a bootstrap registers tsx's ESM hooks in the thread
 * first (tsx is a dev dependency; the built server never takes this path).
 */
function spawn(input: XlsxThreadInput): Worker {
  const here = import.meta.url;
  const entry = new URL(
    here.endsWith('.ts') ? './xlsx-read.worker.ts' : './xlsx-read.worker.js',
    here,
  );
  const options = {
    workerData: input,
    // The heap a hostile workbook can fill before the thread is stopped (413), so the
    // process stays far under its memory target (docs/reliability.md, "Hostile workbooks").
    resourceLimits: { maxOldGenerationSizeMb: XLSX_THREAD_HEAP_MB, maxYoungGenerationSizeMb: 16 },
  };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const tsxRoot = dirname(createRequire(here).resolve('tsx/package.json'));
  const api = pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/** Runs one thread to its answer; a thread stopped at its heap limit answers 'memory'. */
function runThread(input: XlsxThreadInput): Promise<XlsxReadResult> {
  return new Promise<XlsxReadResult>((resolve, reject) => {
    const worker = spawn(input);
    if (xlsxThreadChannel.hasSubscribers) xlsxThreadChannel.publish({ phase: 'start' });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      if (xlsxThreadChannel.hasSubscribers) xlsxThreadChannel.publish({ phase: 'end' });
      action();
      void worker.terminate();
    };
    worker.once('message', (reply: XlsxReadResult) => settle(() => resolve(reply)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? resolve({ ok: false, reason: 'too_large', limit: 'memory' })
          : reject(error),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`xlsx reading thread exited with code ${code}`))),
    );
  });
}

/** The turn of the thread last queued: threads run one at a time, in the order asked. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Reads the first sheet of an .xlsx on a thread of its own, one workbook at a
 * time for the whole process. Inflating and tokenizing a sheet of up to
 * 200 MB of XML costs seconds of CPU: on the event loop it would stall every
 * request, and its memory would count against the server's own heap. The
 * thread's heap is capped (XLSX_THREAD_HEAP_MB), and only one runs at a time,
 * so however many workbooks arrive, reading them adds at most one capped heap
 * to the process (each upload is a manager's, one at a time per user).
 */
export function readXlsxInThread(bytes: Uint8Array, maxRecords: number): Promise<XlsxReadResult> {
  const run = queue.then(() => runThread({ bytes, maxRecords }));
  queue = run.catch(() => undefined);
  return run;
}
