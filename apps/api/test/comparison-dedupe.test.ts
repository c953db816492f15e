import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ tasks: { runWorkers: false } });
});
afterAll(async () => {
  await t.close();
});

describe('comparison algorithm lists', () => {
  it('are de-duplicated: a repeated key is compared (and time-limited) once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/analytics/compare_algorithms?algorithms=${Array(20).fill('heuristic').join(',')},mcmc_sa,mcmc_sa`,
      headers: t.bearer(t.tokens.regular),
    });
    expect(res.statusCode).toBe(202);
    const { task_id } = res.json<{ task_id: string }>();
    const row = await t.database.db
      .selectFrom('tasks')
      .select(['algorithms', 'total', 'time_limit_ms'])
      .where('id', '=', task_id)
      .executeTakeFirstOrThrow();
    expect(row.algorithms).toEqual(['heuristic', 'mcmc_sa']);
    expect(row.total).toBe(2);
    expect(row.time_limit_ms).toBe(2 * t.app.work.settings.compareTimeLimitMs);
  });
});
