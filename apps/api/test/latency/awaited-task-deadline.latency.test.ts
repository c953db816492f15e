import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { seedSchedule } from '../tasks-fixture';

// The latency project (vitest.config.ts): serial, after every other project. This file's
// bound is a lower one (a busy machine only makes the wait longer): a single run that no
// worker takes is answered 503 only once its time limit and the slack have passed, not at
// once. The rest of the awaited kinds' behaviour is in ../awaited-tasks.test.ts.

const taskRows = (t: TestApp) =>
  t.database.db
    .selectFrom('tasks')
    .select(['id', 'status', 'message', 'created_by'])
    .where('type', '=', 'single_run')
    .orderBy('created_at')
    .execute();

describe('without a worker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      tasks: { runWorkers: false, singleRunTimeLimitMs: 500, awaitSlackMs: 1000 },
    });
    await seedSchedule(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a single run answers 503 once its time limit and slack passed, and its task ends cancelled', async () => {
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/run_single_algorithm',
      headers: t.bearer(t.tokens.regular),
      payload: { algorithm: 'heuristic' },
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1400);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({
      detail:
        'Single algorithm run did not finish within 2 s (is a worker running?); it was cancelled',
    });
    expect(await taskRows(t)).toEqual([
      expect.objectContaining({
        status: 'cancelled',
        message: 'Cancelled: no worker finished it within 2 s',
        created_by: t.users.regular.id,
      }),
    ]);
  });
});
