import { DEFAULT_WEIGHTS } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskSettingsFromEnv } from '../src/config/task-settings';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ tasks: { runWorkers: false, maxActiveTasks: 1 } });
});
afterAll(async () => {
  await t.close();
});

describe('server-wide task capacity', () => {
  it('reads MAX_ACTIVE_TASKS (default 20, 1 to 10000)', () => {
    expect(taskSettingsFromEnv({}).maxActiveTasks).toBe(20);
    expect(taskSettingsFromEnv({ MAX_ACTIVE_TASKS: '3' }).maxActiveTasks).toBe(3);
    expect(() => taskSettingsFromEnv({ MAX_ACTIVE_TASKS: '0' })).toThrow(/MAX_ACTIVE_TASKS/);
  });

  it('beyond the cap a start answers 503 with Retry-After at once, and nothing is stored', async () => {
    await t.app.work.repository.insert({
      id: '61111111-2222-3333-4444-555555555555',
      type: 'optimization',
      name: 'Optimization (Simple, Fast)',
      algorithm: 'heuristic',
      algorithms: null,
      createdBy: t.users.admin.id,
      weights: DEFAULT_WEIGHTS,
      seed: 1,
      timeLimitMs: 20_000,
      total: 100,
    });
    // The active task never ends (no worker takes it): a start that waited for capacity would
    // never be answered (the test's timeout), so the 503 itself shows it came at once.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/optimize/assign?algorithm=heuristic',
      headers: t.bearer(t.tokens.manager),
    });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json<{ detail: string }>().detail).toMatch(/busy/);
    const stored = await t.database.db.selectFrom('tasks').select('id').execute();
    expect(stored).toHaveLength(1);
  });
});
