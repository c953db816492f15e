import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { readStream } from './tasks-fixture';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ tasks: { optimizeTimeLimitMs: 1000 } });
});
afterAll(async () => {
  await t.close();
});

describe('internal error text', () => {
  it('never reaches a task stream (the runner logs it)', async () => {
    // A task row whose stored weights are corrupt: the run fails inside with a schema error.
    const id = '41111111-2222-3333-4444-555555555555';
    await t.app.work.repository.insert({
      id,
      type: 'optimization',
      name: 'Optimization (Simple, Fast)',
      algorithm: 'heuristic',
      algorithms: null,
      createdBy: t.users.manager.id,
      weights: { distance: 'corrupt' },
      seed: 1,
      timeLimitMs: 1000,
      total: 100,
    });
    await t.app.work.queue.send(t.app.work.kinds.get('optimization').queue, id, 60);
    await t.app.work.startWorkers();
    let final: { type: string; message?: string } | undefined;
    // Poll until the task's stream ends in an error; the test's timeout, not a count of
    // 100 ms waits, bounds a task that never fails.
    while (final?.type !== 'error') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { events } = await readStream(t, `/api/v1/optimize/stream/${id}`);
      final = events.at(-1)?.data as typeof final;
    }
    expect(final?.type).toBe('error');
    expect(final?.message).toBe(
      'The task failed because of an internal error; nothing was changed',
    );
  }, 30_000);
});
