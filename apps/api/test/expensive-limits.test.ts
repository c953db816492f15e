import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFile, type As } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

// Expensive operations (optimisation, comparison, single run,
// kit assignment, import) are rate-limited and capped per user. Caps: one
// queued or running optimisation (and comparison, and single run) per user,
// one import at a time per user. Rate limits:
// TASK_RATE_PER_MINUTE starts of each task kind and IMPORT_RATE_PER_MINUTE
// imports a minute, counted per user.

const RATE = 3;
const CSV = 'customer,zip_code,start,end\nLimit Clinic,10016,2027-01-04,2027-01-05';

let t: TestApp;

beforeAll(async () => {
  // No workers here: a started optimisation stays queued, which is exactly "queued or running".
  t = await createTestApp({
    tasks: { runWorkers: false, taskRatePerMinute: RATE, singleRunTimeLimitMs: 500 },
    config: { importRatePerMinute: RATE },
  });
});
afterAll(async () => {
  await t.close();
});

const as = (who: As) => t.bearer(t.tokens[who]);
const detail = (res: { json: <T>() => T }) => res.json<{ detail: string }>().detail;
const startOptimisation = (who: As = 'manager') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/optimize/assign?algorithm=heuristic',
    headers: as(who),
  });
const cancelTask = async (id: string, who: As = 'manager') => {
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/v1/tasks/${id}`,
    headers: as(who),
  });
  expect(res.statusCode, res.body).toBe(200);
};
const taskId = (res: { json: <T>() => T }) => res.json<{ task_id: string }>().task_id;

describe('optimisation starts', () => {
  it('allow one queued or running optimisation per user; a second start answers 429', async () => {
    const first = await startOptimisation();
    expect(first.statusCode).toBe(202);
    const second = await startOptimisation();
    expect(second.statusCode).toBe(429);
    expect(detail(second)).toBe(
      'You already have an optimisation queued or running; wait for it to finish or cancel it',
    );
    // The cap is per user: an admin may still start one.
    const other = await startOptimisation('admin');
    expect(other.statusCode).toBe(202);
    await cancelTask(taskId(other), 'admin');
    // Once the first has ended, the manager may start again.
    await cancelTask(taskId(first));
    const third = await startOptimisation();
    expect(third.statusCode, third.body).toBe(202);
    await cancelTask(taskId(third));
  });

  it('are rate-limited per user, with Retry-After', async () => {
    // The manager has used all RATE starts of this minute in the test above.
    const res = await startOptimisation();
    expect(res.statusCode).toBe(429);
    expect(detail(res)).toMatch(
      new RegExp(`^Too many optimisation starts: at most ${RATE} a minute per user; try again in`),
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another user's budget is untouched (the admin has used one start).
    const admin = await startOptimisation('admin');
    expect(admin.statusCode).toBe(202);
    await cancelTask(taskId(admin), 'admin');
  });
});

describe('comparisons', () => {
  it('rate-limit comparison starts per user', async () => {
    for (let i = 0; i < RATE; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/analytics/compare_algorithms?algorithms=heuristic',
        headers: as('regular'),
      });
      expect(res.statusCode, res.body).toBe(202);
      await cancelTask(taskId(res), 'regular');
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/compare_algorithms?algorithms=heuristic',
      headers: as('regular'),
    });
    expect(res.statusCode).toBe(429);
    expect(detail(res)).toMatch(/^Too many comparison starts: at most 3 a minute per user/);
  });
});

describe('single runs and kit assignment', () => {
  // These are answered in their request once a worker ran them, so this app works its queues.
  let w: TestApp;
  beforeAll(async () => {
    w = await createTestApp({ tasks: { taskRatePerMinute: RATE, singleRunTimeLimitMs: 500 } });
  });
  afterAll(async () => {
    await w.close();
  });

  it('rate-limit single algorithm runs per user', async () => {
    const run = () =>
      w.app.inject({
        method: 'POST',
        url: '/api/v1/analytics/run_single_algorithm',
        headers: w.bearer(w.tokens.regular),
        payload: { algorithm: 'heuristic' },
      });
    for (let i = 0; i < RATE; i++) expect((await run()).statusCode).toBe(200);
    const res = await run();
    expect(res.statusCode).toBe(429);
    expect(detail(res)).toMatch(/^Too many single algorithm runs/);
  });

  it('rate-limit kit assignment per user', async () => {
    const run = () =>
      w.app.inject({
        method: 'POST',
        url: '/api/v1/kits/assign',
        headers: w.bearer(w.tokens.admin),
      });
    for (let i = 0; i < RATE; i++) expect((await run()).statusCode).toBe(200);
    const res = await run();
    expect(res.statusCode).toBe(429);
    expect(detail(res)).toMatch(/^Too many kit assignments/);
  });
});

describe('imports', () => {
  it('run one at a time per user: a second upload while the first is still being read answers 429', async () => {
    const boundary = 'limits-test-boundary';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${CSV}`;
    let startedReading: () => void = () => {};
    const reading = new Promise<void>((resolve) => (startedReading = resolve));
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let begun = false;
    // The first file arrives slowly: its end is held back until the test lets it go.
    const slowBody = new Readable({
      read() {
        if (begun) return;
        begun = true;
        this.push(head);
        startedReading();
        void finished.then(() => {
          this.push(`\r\n--${boundary}--\r\n`);
          this.push(null);
        });
      },
    });
    const first = t.app.inject({
      method: 'POST',
      url: '/api/v1/schedules/upload',
      headers: { ...as('manager'), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: slowBody,
    });
    await reading;
    const second = await postFile(t, '/api/v1/schedules/upload', 'fast.csv', CSV);
    expect(second.statusCode).toBe(429);
    expect(detail(second)).toBe('You already have an import running; wait for it to finish');
    // Roster imports share the one-at-a-time rule.
    const roster = await postFile(t, '/api/v1/kits/import', 'kits.csv', 'name\n');
    expect(roster.statusCode).toBe(429);
    // Another user is not held up.
    const admin = await postFile(t, '/api/v1/schedules/upload', 'admin.csv', CSV, 'admin');
    expect(admin.statusCode, admin.body).toBe(200);

    finish();
    const res = await first;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ jobs_added: 1 });
  });

  it('are rate-limited per user', async () => {
    // The manager has made RATE import requests above (one accepted, two refused as busy).
    const res = await postFile(t, '/api/v1/schedules/upload', 'again.csv', CSV);
    expect(res.statusCode).toBe(429);
    expect(detail(res)).toMatch(/^Too many imports: at most 3 a minute per user/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
