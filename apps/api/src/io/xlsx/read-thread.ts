import { channel } from 'node:diagnostics_channel';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { XLSX_THREAD_HEAP_MB } from '../issues';
import type { XlsxReadResult } from './read-workbook';

/** One workbook sent to the reading thread; `id` pairs it with its reply. */
export interface XlsxThreadRequest {
  id: number;
  bytes: Uint8Array;
  maxRecords: number;
}

/** The thread's reply to one request: the reader's answer, or a fault of the reader's code. */
export type XlsxThreadReply =
  { id: number; result: XlsxReadResult; heldBytes: number } | { id: number; fault: string };

/** Starts one reading thread with the options given (tests wrap it to count the starts). */
export type XlsxThreadStarter = (options: WorkerOptions) => Worker;

/**
 * Published with `{ phase: 'start' | 'end' }` around every workbook read: for
 * monitoring, and for the test that proves requests are answered meanwhile.
 */
export const xlsxThreadChannel = channel('meridian:xlsx-read');

/**
 * A thread that holds more than this once it has answered (V8's heap plus
 * the ArrayBuffers not yet collected) is ended rather than kept: an idle
 * thread does not collect, so it would hold that memory until the next
 * workbook. A thread holds about 20 MB after a 9 MB workbook and 27 to 48 MB
 * of heap after the 150 MB hostile sheets; kept at 64 MB, the server's
 * resident memory stayed 40 to 85 MB higher between hostile workbooks
 * (docs/reliability-notes.md, "Hostile workbooks").
 */
export const XLSX_KEEP_HELD_BYTES = 32 * 1024 * 1024;

/** What every reading thread is started with. */
const THREAD_OPTIONS: WorkerOptions = {
  // The heap a hostile workbook can fill before the thread is stopped (413), so the
  // process stays far under its memory target (docs/reliability.md, "Hostile workbooks").
  resourceLimits: { maxOldGenerationSizeMb: XLSX_THREAD_HEAP_MB, maxYoungGenerationSizeMb: 16 },
};

/**
 * Starts the worker entry. The built server starts xlsx-read.worker.js, which the
 * api build writes next to its bundle (apps/api/scripts/build.mjs). Tests run
 * this module as TypeScript, and Node 20 applies no loader to a worker's
 * entry module, so there a bootstrap registers tsx's ESM hooks in the thread
 * first (tsx is a dev dependency; the built server never takes this path).
 */
export function startXlsxThread(options: WorkerOptions): Worker {
  const here = import.meta.url;
  const entry = new URL(
    here.endsWith('.ts') ? './xlsx-read.worker.ts' : './xlsx-read.worker.js',
    here,
  );
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const tsxRoot = dirname(createRequire(here).resolve('tsx/package.json'));
  const api = pathToFileURL(join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

const publish = (phase: 'start' | 'end'): void => {
  if (xlsxThreadChannel.hasSubscribers) xlsxThreadChannel.publish({ phase });
};

/**
 * One reading thread kept between workbooks, reading one at a time in the
 * order asked. Starting a thread cost the main thread 25 to 93 ms per upload,
 * and 581 ms for the first, on a loaded 2-core machine
 * (docs/reliability-notes.md, "Hostile workbooks"): the thread is started at
 * the first workbook and then kept. It holds nothing of one workbook once it
 * has answered (each request is read by a fresh readFirstSheet), and a
 * thread that stops at its heap limit, dies, answers with a fault of the
 * reader's code, or holds more than `keepHeldBytes` after answering is
 * dropped: the next workbook starts a new one. The thread is
 * unref'd, so it never keeps the process from exiting; close() ends it.
 */
export class XlsxReadingThread {
  private worker: Worker | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;

  constructor(
    private readonly start: XlsxThreadStarter = startXlsxThread,
    private readonly keepHeldBytes = XLSX_KEEP_HELD_BYTES,
  ) {}

  /**
   * Reads the first sheet of `bytes` on the thread, after every workbook asked before it.
   * The bytes are moved there, not copied (see movable): once the read starts, `bytes` and
   * every other view of its ArrayBuffer are empty. Pass a copy to keep them.
   */
  read(bytes: Uint8Array, maxRecords: number): Promise<XlsxReadResult> {
    const run = this.queue.then(() => this.readOne(bytes, maxRecords));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Ends the thread, if one is running; a later read starts another. The
   * server need not call it: the thread is unref'd and ends with the process.
   */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  /** The kept thread, started when there is none. */
  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = this.start(THREAD_OPTIONS);
    worker.unref();
    // Between reads no one else listens: a thread that fails then is dropped, never thrown.
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
    return worker;
  }

  private retire(worker: Worker): void {
    if (this.worker === worker) this.worker = null;
    void worker.terminate();
  }

  /** Sends one workbook and waits for its reply; a thread stopped at its heap limit answers 'memory'. */
  private readOne(bytes: Uint8Array, maxRecords: number): Promise<XlsxReadResult> {
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise<XlsxReadResult>((resolve, reject) => {
      const settle = (isDropped: boolean, action: () => void) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (isDropped) this.retire(worker);
        publish('end');
        action();
      };
      const onMessage = (reply: XlsxThreadReply) => {
        if (reply.id !== id) return;
        if ('fault' in reply)
          settle(true, () => reject(new Error(`xlsx reading thread: ${reply.fault}`)));
        else settle(reply.heldBytes > this.keepHeldBytes, () => resolve(reply.result));
      };
      const onError = (error: Error & { code?: string }) =>
        settle(true, () =>
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? resolve({ ok: false, reason: 'too_large', limit: 'memory' })
            : reject(error),
        );
      const onExit = (code: number) =>
        settle(true, () => reject(new Error(`xlsx reading thread exited with code ${code}`)));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      publish('start');
      const moved = movable(bytes);
      const request: XlsxThreadRequest = { id, bytes: moved, maxRecords };
      worker.postMessage(request, [moved.buffer]);
    });
  }
}

/**
 * Bytes that can be handed to the thread whole: `bytes` itself when it is the
 * whole of its ArrayBuffer (an upload's buffer is), else a copy (a slice of
 * Node's shared pool must not be moved). Cloning a 9.2 MB workbook into the
 * message held the event loop 40 to 50 ms per upload (a CPU profile of the
 * server during the battery's 60,000-entry workbook, docs/reliability-notes.md).
 */
function movable(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  if (
    buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
  )
    return new Uint8Array(buffer);
  return new Uint8Array(bytes);
}

/** The process's reading thread: one workbook at a time for the whole process. */
export const xlsxReadingThread = new XlsxReadingThread();

/**
 * Reads the first sheet of an .xlsx on the process's reading thread; the bytes
 * are moved there and are empty afterwards (XlsxReadingThread.read).
 * Inflating and tokenizing a sheet of up to 200 MB of XML costs seconds of
 * CPU: on the event loop it would stall every request, and its memory would
 * count against the server's own heap. The thread's heap is capped
 * (XLSX_THREAD_HEAP_MB), and only one workbook is read at a time, so however
 * many arrive, reading them adds at most one capped heap to the process (each
 * upload is a manager's, one at a time per user).
 */
export function readXlsxInThread(bytes: Uint8Array, maxRecords: number): Promise<XlsxReadResult> {
  return xlsxReadingThread.read(bytes, maxRecords);
}
