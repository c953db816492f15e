import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { promisify } from 'node:util';
import type { Worker, WorkerOptions } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_ROWS } from '../../src/io/issues';
import {
  XlsxReadingThread,
  startXlsxThread,
  xlsxThreadChannel,
} from '../../src/io/xlsx/read-thread';
import { readFirstSheet } from '../../src/io/xlsx/read-workbook';
import { handmadeWorkbook, writtenWorkbook } from './workbook-fixtures';

const MAX = MAX_UPLOAD_ROWS + 1;
const opened: XlsxReadingThread[] = [];

/** A reading thread whose starts are counted; `options` may change what each thread gets. */
function countedThread(options: (given: WorkerOptions) => WorkerOptions = (given) => given) {
  const started: Worker[] = [];
  const thread = new XlsxReadingThread((given) => {
    const worker = startXlsxThread(options(given));
    started.push(worker);
    return worker;
  });
  opened.push(thread);
  return { thread, started };
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((thread) => thread.close()));
});

const good = () =>
  writtenWorkbook([
    ['customer', 'start'],
    ['A', '2026-03-02'],
  ]);
const GOOD_RECORDS = [
  { line: 1, fields: ['customer', 'start'] },
  { line: 2, fields: ['A', '2026-03-02'] },
];

/** 60,000 rows of 20 distinct text cells: 1,200,000 cells, about 12 M characters. */
const bigSheet = () =>
  Array.from(
    { length: 60_000 },
    (_, r) =>
      `<row r="${r + 1}">${Array.from({ length: 20 }, (_, c) => `<c t="inlineStr"><is><t>${r}-${c}-cell</t></is></c>`).join('')}</row>`,
  ).join('');

describe('the kept reading thread', () => {
  it('reads one workbook at a time, in order, on one thread started once', async () => {
    const { thread, started } = countedThread();
    const phases: string[] = [];
    const onMessage = (message: unknown) => phases.push((message as { phase: string }).phase);
    xlsxThreadChannel.subscribe(onMessage);
    try {
      const bytes = await good();
      // Each read takes its bytes (they are moved to the thread), so each is given a copy.
      const results = await Promise.all(
        [1, 2, 3].map(() => thread.read(new Uint8Array(bytes), MAX)),
      );
      for (const result of results) expect(result).toMatchObject({ ok: true, overLimit: false });
      expect(phases).toEqual(['start', 'end', 'start', 'end', 'start', 'end']);
      expect(await thread.read(new Uint8Array(bytes), MAX)).toMatchObject({
        ok: true,
        records: GOOD_RECORDS,
      });
      expect(started).toHaveLength(1);
    } finally {
      xlsxThreadChannel.unsubscribe(onMessage);
    }
  });

  it("moves an upload's bytes to the thread rather than copying them, and copies a slice of a shared pool", async () => {
    const { thread } = countedThread();
    const upload = await good();
    expect(upload.byteLength).toBe(upload.buffer.byteLength);
    expect(await thread.read(upload, MAX)).toMatchObject({ ok: true, records: GOOD_RECORDS });
    expect(upload.byteLength).toBe(0);
    // Node's small Buffers share one pool with other Buffers: that pool must stay usable.
    const pooled = Buffer.from('not a workbook');
    const neighbour = Buffer.from('still here');
    expect(pooled.buffer).toBe(neighbour.buffer);
    expect(await thread.read(pooled, MAX)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(pooled.toString()).toBe('not a workbook');
    expect(neighbour.toString()).toBe('still here');
  });

  it('answers a bad workbook, then a good one, each as a thread of its own would', async () => {
    const { thread, started } = countedThread();
    const entries = handmadeWorkbook({
      sheetData: '',
      extra: Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`x/${i}.xml`, '<a/>'])),
    });
    expect(await thread.read(new Uint8Array(100), MAX)).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(await thread.read(await good(), MAX)).toEqual({
      ok: true,
      records: GOOD_RECORDS,
      overLimit: false,
    });
    expect(await thread.read(entries, MAX)).toEqual({
      ok: false,
      reason: 'too_large',
      limit: 'entries',
    });
    expect(await thread.read(await good(), MAX)).toMatchObject({ ok: true, records: GOOD_RECORDS });
    expect(started).toHaveLength(1);
  });

  it("keeps nothing of one workbook for the next: a second workbook does not see the first's shared strings", async () => {
    const { thread, started } = countedThread();
    const cell = '<row r="1"><c r="A1" t="s"><v>0</v></c></row>';
    const withStrings = handmadeWorkbook({
      sheetData: cell,
      sharedStrings: '<si><t>kept</t></si>',
    });
    const without = handmadeWorkbook({ sheetData: cell });
    expect(await thread.read(withStrings, MAX)).toMatchObject({
      ok: true,
      records: [{ line: 1, fields: ['kept'] }],
    });
    const alone = await readFirstSheet(without, MAX);
    expect(alone).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await thread.read(without, MAX)).toEqual(alone);
    expect(started).toHaveLength(1);
  });

  it('ends a thread left holding more than it may keep, and reads the next workbook on a new one', async () => {
    const { thread, started } = countedThread();
    const bytes = await good();
    await thread.read(new Uint8Array(bytes), MAX);
    await thread.read(new Uint8Array(bytes), MAX);
    expect(started).toHaveLength(1);
    // 1,200,000 cells of text, within every limit: the heap grows past what a kept thread may hold.
    const result = await thread.read(handmadeWorkbook({ sheetData: bigSheet() }), MAX);
    expect(result.ok && result.records).toHaveLength(60_000);
    expect(await thread.read(new Uint8Array(bytes), MAX)).toMatchObject({
      ok: true,
      records: GOOD_RECORDS,
    });
    expect(started).toHaveLength(2);
  }, 120_000);

  it('answers 413 (memory) for a thread stopped at its heap limit, and reads the next workbook on a new thread', async () => {
    // A 32 MB heap instead of the server's 160, so a workbook within every other limit fills it.
    const { thread, started } = countedThread((given) => ({
      ...given,
      resourceLimits: { ...given.resourceLimits, maxOldGenerationSizeMb: 32 },
    }));
    expect(await thread.read(await good(), MAX)).toMatchObject({ ok: true });
    expect(await thread.read(handmadeWorkbook({ sheetData: bigSheet() }), MAX)).toEqual({
      ok: false,
      reason: 'too_large',
      limit: 'memory',
    });
    expect(await thread.read(await good(), MAX)).toMatchObject({ ok: true, records: GOOD_RECORDS });
    expect(started).toHaveLength(2);
  }, 120_000);

  it('starts a new thread when the kept one dies between workbooks or during one', async () => {
    const { thread, started } = countedThread();
    const bytes = await good();
    expect(await thread.read(new Uint8Array(bytes), MAX)).toMatchObject({ ok: true });
    const exited = once(started[0]!, 'exit');
    await started[0]!.terminate();
    await exited;
    expect(await thread.read(new Uint8Array(bytes), MAX)).toMatchObject({
      ok: true,
      records: GOOD_RECORDS,
    });
    expect(started).toHaveLength(2);

    // Killed while it reads: that workbook fails, the next one is read on a third thread.
    const kill = () => void started[1]!.terminate();
    xlsxThreadChannel.subscribe(kill);
    try {
      await expect(thread.read(new Uint8Array(bytes), MAX)).rejects.toThrow(/exited/);
    } finally {
      xlsxThreadChannel.unsubscribe(kill);
    }
    expect(await thread.read(new Uint8Array(bytes), MAX)).toMatchObject({
      ok: true,
      records: GOOD_RECORDS,
    });
    expect(started).toHaveLength(3);
  });

  it('ends on close, and a read after close starts a new thread', async () => {
    const { thread, started } = countedThread();
    const bytes = await good();
    await thread.read(new Uint8Array(bytes), MAX);
    const exited = once(started[0]!, 'exit');
    await thread.close();
    await exited;
    expect(await thread.read(new Uint8Array(bytes), MAX)).toMatchObject({ ok: true });
    expect(started).toHaveLength(2);
  });

  it('never keeps the process from exiting', async () => {
    // A process that reads one workbook and does nothing else must end by itself.
    const module = new URL('../../src/io/xlsx/read-thread.ts', import.meta.url).href;
    const script = `const { readXlsxInThread } = await import(${JSON.stringify(module)});
      const answer = await readXlsxInThread(new Uint8Array(100), 10);
      console.log(answer.reason);`;
    // Killed after 60 s: a thread that held the process would fail the test, not hang it.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { timeout: 60_000, killSignal: 'SIGKILL' },
    );
    expect(stdout.trim()).toBe('invalid');
  }, 90_000);
});
