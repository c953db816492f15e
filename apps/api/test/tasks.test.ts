import {
  OptimizeStreamMessageSchema,
  TaskListSchema,
  TaskStartedSchema,
} from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listenOnFreePort, type TestApp } from './support/test-app';
import { parseSse, readStream, seedSchedule, storedSlots } from './tasks-fixture';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('cancelling a running optimisation', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A 600 s limit, beyond the test's timeout: only the cancel can end this run in time.
    t = await createTestApp({ tasks: { optimizeTimeLimitMs: 600_000, cancelPollMs: 200 } });
    await seedSchedule(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('stops the solver on a cancel, streams the cancel and changes nothing', async () => {
    const before = await storedSlots(t);
    // alns works its whole time limit here. A method that ends on its own (mcmc_sa once did
    // in 0.3 s; cp_sat now proves this small schedule optimal in well under a second) would
    // let a broken cancel pass.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/optimize/assign?algorithm=alns',
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

    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tasks/${task_id}`,
      headers: t.bearer(t.tokens.manager),
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<{ message: string }>().message).toMatch(/cancelled/);
    // Idle again, its run ended by the cancel (the stream below says so), not by its limit.
    await t.app.work.runner.whenIdle();

    const { res: streamRes, events } = await readStream(t, `/api/v1/optimize/stream/${task_id}`);
    // A cancel keeps the spec's error message type, marked so no client reports a failure.
    expect(events.at(-1)!.data).toEqual({
      type: 'error',
      message: 'Cancelled by manager1',
      status: 'cancelled',
    });
    expect(OptimizeStreamMessageSchema.parse(events.at(-1)!.data)).toMatchObject({
      status: 'cancelled',
    });
    expect(streamRes.headers['cache-control']).toBe('no-store');
    // Reconnecting with the final event's id: 204, so EventSource stops reconnecting.
    const again = await readStream(t, `/api/v1/optimize/stream/${task_id}`, events.at(-1)!.id!);
    expect(again.res.statusCode).toBe(204);
    expect(again.res.body).toBe('');
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
    base = await listenOnFreePort(t);
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
    // The answer names the task as the list will, for the start toast.
    expect(TaskStartedSchema.strict().parse(res.json()).name).toBe('Optimization (Simple, Fast)');
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
        // The same words as the stream's first event.
        message: 'Queued, waiting for a worker',
      }),
    ]);

    // Tokens never travel in URLs: the stream takes the bearer header (fetch-based SSE client).
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/v1/optimize/stream/${task_id}`, {
      headers: { authorization: `Bearer ${t.tokens.regular}`, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('cache-control')).toBe('no-store');
    // Read until the first heartbeat comment (every 150 ms here; the test's timeout bounds a
    // stream that never sends one), however late a loaded machine sends it.
    let text = '';
    for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
      text += Buffer.from(chunk).toString('utf8');
      if (text.includes(': heartbeat')) break;
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

describe('following and listing tasks', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // No workers: started tasks stay queued, so they are active for the whole test.
    t = await createTestApp({ tasks: { runWorkers: false, keepAliveMs: 150 } });
    base = await listenOnFreePort(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = async (url: string, who: 'admin' | 'manager' | 'regular') => {
    const res = await t.app.inject({ method: 'POST', url, headers: t.bearer(t.tokens[who]) });
    expect(res.statusCode, res.body).toBe(202);
    return res.json<{ task_id: string; name: string }>();
  };
  const cancel = async (id: string) => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tasks/${id}`,
      headers: t.bearer(t.tokens.admin),
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('resumes a running task from a Last-Event-ID past its last event with the events that follow', async () => {
    const { task_id } = await post('/api/v1/optimize/assign?algorithm=heuristic', 'manager');
    const controller = new AbortController();
    // The task has one event; the client claims 99 (say, ids of a previous server's database).
    const stream = await fetch(`${base}/api/v1/optimize/stream/${task_id}`, {
      headers: {
        authorization: `Bearer ${t.tokens.regular}`,
        accept: 'text/event-stream',
        'last-event-id': '99',
      },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    await cancel(task_id);
    let text = '';
    try {
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
        text += Buffer.from(chunk).toString('utf8');
        if (text.includes('"status":"cancelled"')) break;
      }
    } finally {
      controller.abort();
    }
    const events = parseSse(text);
    expect(events.map((e) => e.id)).toEqual(['2']);
    expect(events[0]!.data).toEqual({
      type: 'error',
      message: 'Cancelled by admin1',
      status: 'cancelled',
    });
  });

  it("lists every optimisation but only the caller's own comparisons", async () => {
    const run = await post('/api/v1/optimize/assign?algorithm=heuristic', 'admin');
    const compareUrl = '/api/v1/analytics/compare_algorithms?algorithms=heuristic';
    const regular = await post(compareUrl, 'regular');
    const manager = await post(compareUrl, 'manager');
    expect(regular.name).toBe('Comparison of 1 algorithms');
    const listed = async (who: 'admin' | 'manager' | 'regular') => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/tasks/active',
        headers: t.bearer(t.tokens[who]),
      });
      return TaskListSchema.parse(res.json())
        .map((task) => task.id)
        .sort();
    };
    expect(await listed('admin')).toEqual([run.task_id]);
    expect(await listed('manager')).toEqual([run.task_id, manager.task_id].sort());
    expect(await listed('regular')).toEqual([run.task_id, regular.task_id].sort());
    // A manager may still open another user's comparison by id.
    const foreign = await fetch(`${base}/api/v1/analytics/compare_stream/${regular.task_id}`, {
      headers: {
        authorization: `Bearer ${t.tokens.manager}`,
        accept: 'text/event-stream',
        'last-event-id': '0',
      },
      signal: AbortSignal.timeout(2000),
    });
    expect(foreign.status).toBe(200);
    await foreign.body?.cancel();
    for (const id of [run.task_id, regular.task_id, manager.task_id]) await cancel(id);
  });
});
