import { TaskListSchema } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { readStream, seedSchedule, storedSlots } from './tasks-fixture';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('cancelling a running optimisation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ tasks: { optimizeTimeLimitMs: 60_000, cancelPollMs: 200 } });
    await seedSchedule(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stops the solver within 2 s, streams the cancel and changes nothing', async () => {
    const before = await storedSlots(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/optimize/assign?algorithm=mcmc_sa',
      headers: t.bearer(t.tokens.manager),
    });
    const { task_id } = res.json<{ task_id: string }>();
    // Wait until the solver itself reports (the worker thread is up and searching).
    for (let i = 0; i < 300; i++) {
      const active = TaskListSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/v1/tasks/active',
            headers: t.bearer(t.tokens.regular),
          })
        ).json(),
      );
      const task = active.find((a) => a.id === task_id);
      if (task?.status === 'running' && !/^(Starting|Reading)/.test(task.message)) break;
      await sleep(100);
    }
    const forbidden = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tasks/${task_id}`,
      headers: t.bearer(t.tokens.regular),
    });
    expect(forbidden.statusCode).toBe(403);

    const started = performance.now();
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tasks/${task_id}`,
      headers: t.bearer(t.tokens.manager),
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<{ message: string }>().message).toMatch(/cancelled/);
    await t.app.work.runner.whenIdle();
    expect(performance.now() - started).toBeLessThan(2000);

    const { events } = await readStream(t, `/api/v1/optimize/stream/${task_id}`);
    expect(events.at(-1)!.data).toEqual({ type: 'error', message: 'Cancelled by manager1' });
    expect(await storedSlots(t)).toEqual(before);
    const runs = await t.database.db.selectFrom('optimization_runs').selectAll().execute();
    expect(runs).toEqual([]);
  });
});

describe('queued tasks on an API node that runs no workers', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ tasks: { runWorkers: false, keepAliveMs: 150 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the queued task with the Task fields and keeps its stream alive with comments', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/optimize/assign?algorithm=heuristic',
      headers: t.bearer(t.tokens.admin),
    });
    expect(res.statusCode).toBe(202);
    const { task_id } = res.json<{ task_id: string }>();
    const active = TaskListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/tasks/active',
          headers: t.bearer(t.tokens.regular),
        })
      ).json(),
    );
    expect(active).toEqual([
      expect.objectContaining({
        id: task_id,
        type: 'optimization',
        status: 'queued',
        algorithm: 'heuristic',
        progress: 0,
        total: 100,
      }),
    ]);

    // Tokens never travel in URLs: the stream takes the bearer header (fetch-based SSE client).
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/v1/optimize/stream/${task_id}`, {
      headers: { authorization: `Bearer ${t.tokens.regular}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    let text = '';
    const until = Date.now() + 1000;
    for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
      text += Buffer.from(chunk).toString('utf8');
      if (Date.now() > until || text.includes(': heartbeat')) break;
    }
    controller.abort();
    expect(text).toMatch(/^id: 1\n/);
    expect(text).toContain('"message":"Queued, waiting for a worker"');
    expect(text).toContain(': heartbeat');

    const unauthenticated = await fetch(`${base}/api/v1/optimize/stream/${task_id}`);
    expect(unauthenticated.status).toBe(401);

    // The owner (an admin here) cancels; the queued task never runs.
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tasks/${task_id}`,
      headers: t.bearer(t.tokens.admin),
    });
    expect(cancel.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tasks/${task_id}`,
      headers: t.bearer(t.tokens.admin),
    });
    expect(again.json<{ message: string }>().message).toMatch(/already ended \(cancelled\)/);
  });
});
