import { DEFAULT_WEIGHTS } from '@meridian/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { readStream, seedSchedule } from './tasks-fixture';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('crash recovery on a process that runs no workers', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Sweeps every 0.5 s for tasks whose heartbeat is older than 1 s.
    t = await createTestApp({ tasks: { runWorkers: false, staleAfterMs: 1000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks a running task whose process died as error, with a final error event', async () => {
    const db = t.database.db;
    // A run claimed by a worker that was then killed: running, heartbeat long gone.
    const id = '11111111-2222-3333-4444-555555555555';
    await t.app.work.repository.insert({
      id,
      type: 'optimization',
      name: 'Optimization (Simple, Fast)',
      algorithm: 'heuristic',
      algorithms: null,
      createdBy: t.users.manager.id,
      weights: DEFAULT_WEIGHTS,
      seed: 1,
      timeLimitMs: 20_000,
      total: 100,
    });
    await t.app.work.repository.appendEvent(id, { type: 'progress' }, false);
    await db
      .updateTable('tasks')
      .set({
        status: 'running',
        started_at: sql`now() - interval '10 minutes'`,
        heartbeat_at: sql`now() - interval '10 minutes'`,
      })
      .where('id', '=', id)
      .execute();

    let status = 'running';
    for (let i = 0; i < 50 && status === 'running'; i++) {
      await sleep(100);
      status = (
        await db.selectFrom('tasks').select('status').where('id', '=', id).executeTakeFirstOrThrow()
      ).status;
    }
    expect(status).toBe('error');
    const { events } = await readStream(t, `/api/v1/optimize/stream/${id}`, '1');
    expect(events.map((e) => e.id)).toEqual(['2']);
    expect(events[0]!.data).toEqual({
      type: 'error',
      message: 'The process running this task stopped; nothing was changed',
      status: 'error',
    });
  });
});

describe('orphaned queued tasks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ tasks: { runWorkers: false, staleAfterMs: 1000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Stores a queued task, runs `queue` (if any), then makes it look 10 minutes old. */
  const queuedTask = async (id: string, createdBy: number, queue?: () => Promise<void>) => {
    await t.app.work.repository.insert({
      id,
      type: 'optimization',
      name: 'Optimization (Simple, Fast)',
      algorithm: 'heuristic',
      algorithms: null,
      createdBy,
      weights: DEFAULT_WEIGHTS,
      seed: 1,
      timeLimitMs: 20_000,
      total: 100,
    });
    // Queued before it ages: the sweep (every 500 ms here) would rightly end an old task without an entry.
    await queue?.();
    await t.database.db
      .updateTable('tasks')
      .set({ created_at: sql`now() - interval '10 minutes'` })
      .where('id', '=', id)
      .execute();
  };
  const statusOf = async (id: string) =>
    (
      await t.database.db
        .selectFrom('tasks')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('ends a queued task that no queue entry will ever hand out, and frees its user', async () => {
    // Stored, then the process died before queueing it: no worker will ever take it.
    const orphan = '21111111-2222-3333-4444-555555555555';
    await queuedTask(orphan, t.users.manager.id);
    // Queued properly, waiting for a worker (none runs here): it must stay queued.
    const waiting = '31111111-2222-3333-4444-555555555555';
    await queuedTask(waiting, t.users.admin.id, () =>
      t.app.work.queue.send(t.app.work.kinds.get('optimization').queue, waiting, 60),
    );

    let status = 'queued';
    for (let i = 0; i < 50 && status === 'queued'; i++) {
      await sleep(100);
      status = await statusOf(orphan);
    }
    expect(status).toBe('error');
    expect(await statusOf(waiting)).toBe('queued');
    // The user's one-optimisation slot is free again.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/optimize/assign?algorithm=heuristic',
      headers: t.bearer(t.tokens.manager),
    });
    expect(res.statusCode).not.toBe(429);
  });
});

describe.skipIf(process.env.TEST_DB === 'postgres')(
  'RUN_WORKERS=false on the embedded database',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      vi.stubEnv('RUN_WORKERS', 'false');
      try {
        t = await createTestApp({ tasks: { optimizeTimeLimitMs: 2000 } });
      } finally {
        vi.unstubAllEnvs();
      }
      await seedSchedule(t);
    });
    afterAll(async () => {
      await t.close();
    });

    it('is ignored: the API process still runs tasks, since no worker can open that database', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/optimize/assign?algorithm=heuristic',
        headers: t.bearer(t.tokens.manager),
      });
      const { task_id } = res.json<{ task_id: string }>();
      let status = 'queued';
      for (let i = 0; i < 200 && (status === 'queued' || status === 'running'); i++) {
        await sleep(100);
        const row = await t.app.work.repository.find(task_id);
        status = row!.status;
      }
      expect(status).toBe('complete');
    });
  },
);
