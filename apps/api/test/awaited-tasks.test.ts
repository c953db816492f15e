import { RunSingleResponseSchema, TaskListSchema } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { seedSchedule } from './tasks-fixture';

// Single runs and kit assignments are queued task kinds answered in the
// request that started them: the request waits on the task machinery for a
// worker to end the task, and says clearly when nobody did or someone cancelled it.

const taskRows = (t: TestApp, type: 'single_run' | 'kit_assignment') =>
  t.database.db
    .selectFrom('tasks')
    .select(['id', 'status', 'message', 'created_by'])
    .where('type', '=', type)
    .orderBy('created_at')
    .execute();

describe('with a worker in this process', () => {
  let t: TestApp;
  beforeAll(async () => {
    // alns works its whole 30 s budget on this schedule unless something stops it (cp_sat, used
    // before, now proves this small schedule optimal in well under a second and ends).
    t = await createTestApp({ tasks: { singleRunTimeLimitMs: 30_000 } });
    await seedSchedule(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const runSingle = (algorithm: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/run_single_algorithm',
      headers: t.bearer(t.tokens.regular),
      payload: { algorithm },
    });

  it('runs a single run as a task of its owner, unlisted, one at a time, and answers 409 when its owner cancels it', async () => {
    const running = runSingle('alns');
    await vi.waitFor(() => expect(t.app.work.runner.activeCount).toBe(1), { timeout: 10_000 });
    const [task] = await taskRows(t, 'single_run');
    expect(task).toMatchObject({ status: 'running', created_by: t.users.regular.id });

    // Answered in its request: the task panel never lists it.
    const active = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tasks/active',
      headers: t.bearer(t.tokens.regular),
    });
    expect(TaskListSchema.parse(active.json())).toEqual([]);

    const second = await runSingle('heuristic');
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({
      detail: 'You already have an analysis running; wait for it to finish',
    });

    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tasks/${task!.id}`,
      headers: t.bearer(t.tokens.regular),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const res = await running;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      detail: 'Single algorithm run was cancelled (Cancelled by regular1)',
    });
    await t.app.work.runner.whenIdle();

    // The cap is released: the next run is answered with its result.
    const next = await runSingle('heuristic');
    expect(next.statusCode, next.body).toBe(200);
    expect(RunSingleResponseSchema.parse(next.json()).results.heuristic!.error).toBeNull();
    expect((await taskRows(t, 'single_run')).map((r) => r.status)).toEqual([
      'cancelled',
      'complete',
    ]);
  });

  it('records a kit assignment as a completed task with its message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kits/assign',
      headers: t.bearer(t.tokens.manager),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { message } = res.json<{ message: string }>();
    expect(message).toMatch(/^Kits assigned: /);
    expect(await taskRows(t, 'kit_assignment')).toEqual([
      expect.objectContaining({ status: 'complete', message, created_by: t.users.manager.id }),
    ]);
  });
});
