import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/db/data-dir-lock';
import { createDatabase, type Database } from '../src/db/database';
import { listMigrations, migrate, MIGRATIONS_DIR } from '../src/db/migrate';
import { LockTimeoutError, Mutex } from '../src/db/mutex';
import { createTestDatabase } from './support/test-app';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('migrations', () => {
  it('applied every committed file once and re-running applies nothing', async () => {
    const files = await listMigrations();
    expect(files[0]).toBe('0001_users_settings.sql');
    const rows = await sql<{
      name: string;
    }>`select name from schema_migrations order by name`.execute(database.db);
    expect(rows.rows.map((r) => r.name)).toEqual(files);
    expect(await migrate(database.db)).toEqual([]);
  });

  it('applies only files not yet recorded, each once, from one read of what is applied', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'meridian-migrations-'));
    await writeFile(path.join(dir, '0001_make.sql'), 'create table m (n int);');
    await writeFile(path.join(dir, '0002_fill.sql'), 'insert into m values (1);');
    const scratch = await createDatabase({
      databaseUrl: null,
      dataDir: dir,
      inMemory: true,
      migrate: false,
    });
    try {
      expect(await migrate(scratch.db, dir)).toEqual(['0001_make.sql', '0002_fill.sql']);
      await writeFile(path.join(dir, '0003_more.sql'), 'insert into m values (2);');
      expect(await migrate(scratch.db, dir)).toEqual(['0003_more.sql']);
      expect(await migrate(scratch.db, dir)).toEqual([]);
      const rows = await sql<{ n: number }>`select n from m order by n`.execute(scratch.db);
      expect(rows.rows.map((r) => r.n)).toEqual([1, 2]);
    } finally {
      await scratch.close();
    }
  });

  it('enforces case-insensitive unique usernames in the schema itself', async () => {
    const insert = (username: string, email: string) =>
      database.db
        .insertInto('users')
        .values({ username, email, password_hash: 'x', role: 'regular' })
        .execute();
    await insert('Case', 'case1@example.org');
    await expect(insert('case', 'case2@example.org')).rejects.toThrow();
  });
});

describe('migration 0005 (one optimisation per user)', () => {
  it('ends all but the newest active optimisation of a user, with a final event, then caps them', async () => {
    const db = database.db;
    const user = await db
      .insertInto('users')
      .values({
        username: 'many-runs',
        email: 'many@example.org',
        password_hash: 'x',
        role: 'admin',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // What an older version could leave behind: three active runs of one user.
    await sql`drop index tasks_one_optimization_per_user`.execute(db);
    const task = (id: string, status: 'queued' | 'running', minutesAgo: number) => ({
      id,
      type: 'optimization' as const,
      name: id,
      status,
      created_by: user.id,
      weights: sql`'{}'::jsonb`,
      seed: 1,
      time_limit_ms: 1000,
      last_event_id: 1,
      created_at: sql`now() - make_interval(mins => ${minutesAgo})`,
    });
    await db
      .insertInto('tasks')
      .values([
        task('old-run', 'running', 30),
        task('mid-run', 'queued', 20),
        task('new-run', 'queued', 10),
      ])
      .execute();
    const script = await readFile(
      path.join(MIGRATIONS_DIR, '0005_one_optimization_per_user.sql'),
      'utf8',
    );
    await db.transaction().execute((trx) => sql.raw(script).execute(trx));

    const rows = await db
      .selectFrom('tasks')
      .select(['id', 'status', 'events_closed', 'last_event_id'])
      .where('created_by', '=', user.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'mid-run', status: 'error', events_closed: true, last_event_id: 2 },
      { id: 'new-run', status: 'queued', events_closed: false, last_event_id: 1 },
      { id: 'old-run', status: 'error', events_closed: true, last_event_id: 2 },
    ]);
    const events = await db
      .selectFrom('task_events')
      .select(['task_id', 'id', 'data'])
      .where('task_id', 'in', ['old-run', 'mid-run'])
      .orderBy('task_id')
      .execute();
    expect(events.map((e) => [e.task_id, e.id, (e.data as { type: string }).type])).toEqual([
      ['mid-run', 2, 'error'],
      ['old-run', 2, 'error'],
    ]);
    await expect(
      db
        .insertInto('tasks')
        .values(task('one-more', 'queued', 0))
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

describe('migration 0006 (weights capped at 1000)', () => {
  const runScript = async () => {
    const script = await readFile(path.join(MIGRATIONS_DIR, '0006_weights_cap.sql'), 'utf8');
    await database.db.transaction().execute((trx) => sql.raw(script).execute(trx));
  };
  const stored = async () =>
    (
      await database.db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', 'optimizer_weights')
        .executeTakeFirstOrThrow()
    ).value;
  const save = (value: unknown) =>
    database.db
      .insertInto('app_settings')
      .values({ key: 'optimizer_weights', value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
      .execute();

  it('brings a weight saved above the cap down to it and keeps the others', async () => {
    await save({ job_balance: 0.3, proximity: 1e308, staff_rotation: 2500 });
    await runScript();
    expect(await stored()).toEqual({ job_balance: 0.3, proximity: 1000, staff_rotation: 1000 });
  });

  it('leaves weights within the cap, and malformed values, as they are', async () => {
    await save({ job_balance: 0.3, proximity: 0.5, staff_rotation: 0.2 });
    await runScript();
    expect(await stored()).toEqual({ job_balance: 0.3, proximity: 0.5, staff_rotation: 0.2 });
    await save({ job_balance: 'x', proximity: 5000, staff_rotation: 0.2 });
    await runScript();
    expect(await stored()).toEqual({ job_balance: 'x', proximity: 5000, staff_rotation: 0.2 });
    await database.db.deleteFrom('app_settings').where('key', '=', 'optimizer_weights').execute();
  });
});

describe('transactions', () => {
  it('roll back together and leave the handle usable', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('app_settings')
          .values({ key: 'tx-test', value: sql`'1'::jsonb` })
          .execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const row = await database.db
      .selectFrom('app_settings')
      .selectAll()
      .where('key', '=', 'tx-test')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('serialise concurrent work without losing updates', async () => {
    await database.db
      .insertInto('app_settings')
      .values({ key: 'counter', value: sql`'0'::jsonb` })
      .execute();
    await Promise.all(
      Array.from({ length: 10 }, () =>
        database.db.transaction().execute(async (trx) => {
          const current = await trx
            .selectFrom('app_settings')
            .select('value')
            .where('key', '=', 'counter')
            .forUpdate()
            .executeTakeFirstOrThrow();
          await trx
            .updateTable('app_settings')
            .set({ value: sql`${JSON.stringify(Number(current.value) + 1)}::jsonb` })
            .where('key', '=', 'counter')
            .execute();
        }),
      ),
    );
    const final = await database.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'counter')
      .executeTakeFirstOrThrow();
    expect(final.value).toBe(10);
  });
});

describe('Mutex', () => {
  it('times out a waiter and keeps the queue moving', async () => {
    const mutex = new Mutex();
    const release = await mutex.acquire();
    await expect(mutex.acquire(20, 'busy')).rejects.toBeInstanceOf(LockTimeoutError);
    release();
    const again = await mutex.acquire(1000);
    again();
  });
});

describe('data folder lock', () => {
  it('refuses a second holder while the first process lives, and frees on release', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'meridian-lock-'));
    // A live process that is not us holds the lock.
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(dir, '.lock'), `${child.pid}\n`);
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`pid ${child.pid}`);
    } finally {
      child.kill();
    }
    await new Promise((resolve) => child.once('exit', resolve));
    // Its pid is dead now: the stale lock is taken over.
    const release = lockDataDir(dir);
    expect((await readFile(path.join(dir, '.lock'), 'utf8')).trim()).toBe(String(process.pid));
    release();
    await expect(readFile(path.join(dir, '.lock'))).rejects.toThrow(/ENOENT/);
  });
});
