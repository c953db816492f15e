// Online backup and restore (docs/operations.md), on each database: the
// archive or dump taken while the app runs comes back as exactly the data of
// that moment, later writes excluded, and a restore never destroys a database.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type DB } from '../src/db/database';
import { restoreEmbedded, RestoreError } from '../src/db/restore-embedded';
import { postFile } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

const onPostgres = process.env.TEST_DB === 'postgres';

/** Every row of the tables a restore must bring back, in a stable order. */
async function snapshot(db: Kysely<DB>) {
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'role'])
    .orderBy('id')
    .execute();
  const physicists = await db.selectFrom('physicists').selectAll().orderBy('id').execute();
  // Uploaded media live in the database (migration 0028), so a backup holds them too.
  const media = await db
    .selectFrom('media_files')
    .select(['name', 'content_type', 'size_bytes', 'sha256'])
    .orderBy('id')
    .execute();
  const chunks = await db
    .selectFrom('media_chunks')
    .select(['idx', sql<string>`md5(data)`.as('digest')])
    .orderBy('media_id')
    .orderBy('idx')
    .execute();
  return { users, physicists, media, chunks };
}

/** Uploads a 1.5 MB background video (two chunks). */
async function addVideo(t: TestApp): Promise<void> {
  const video = Buffer.concat([Buffer.from('OggS'), randomBytes(1.5 * 1024 * 1024)]);
  const res = await postFile(t, '/api/v1/admin/backgrounds/upload', 'clip.ogv', video, 'admin');
  expect(res.statusCode).toBe(201);
}

async function addUser(t: TestApp, username: string): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/users',
    headers: t.bearer(t.tokens.admin),
    payload: {
      username,
      email: `${username}@example.org`,
      password: 'a-long-password-1',
      role: 'regular',
    },
  });
  expect(res.statusCode).toBe(201);
}

/** Drops the database once its last connection has gone (a closed pool's sockets close just after). */
async function dropWhenIdle(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

let t: TestApp;
let work: string;
beforeEach(async () => {
  t = await createTestApp();
  work = await mkdtemp(path.join(tmpdir(), 'meridian-backup-test-'));
});
afterEach(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

describe.skipIf(onPostgres)('online backup of the embedded database', () => {
  it('restores exactly the data at the moment of the backup into a new data folder', async () => {
    await addUser(t, 'before-backup');
    await addVideo(t);
    const atBackup = await snapshot(t.database.db);
    expect(atBackup.chunks).toHaveLength(2);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/backup',
      headers: t.bearer(t.tokens.admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="meridian-backup-\d{4}-\d{2}-\d{2}\.tgz"$/,
    );
    await addUser(t, 'after-backup');

    const archive = path.join(work, 'backup.tgz');
    await writeFile(archive, res.rawPayload);
    const dataDir = path.join(work, 'data');
    const done = await restoreEmbedded(dataDir, archive);
    expect(done).toMatchObject({ previous: null, users: atBackup.users.length, jobs: 0 });

    const restored = await createDatabase({ databaseUrl: null, dataDir });
    try {
      expect(await snapshot(restored.db)).toEqual(atBackup);
    } finally {
      await restored.close();
    }
  });

  it('never destroys a database: refuses without --replace or on a bad file, keeps the old one aside', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/backup',
      headers: t.bearer(t.tokens.admin),
    });
    const archive = path.join(work, 'backup.tgz');
    await writeFile(archive, res.rawPayload);
    const dataDir = path.join(work, 'data');
    await restoreEmbedded(dataDir, archive);

    await expect(restoreEmbedded(dataDir, archive)).rejects.toThrow(
      /already holds a database: pass --replace/,
    );
    const garbage = path.join(work, 'garbage.tgz');
    await writeFile(garbage, 'not a tarball');
    await expect(restoreEmbedded(dataDir, garbage, { replace: true })).rejects.toBeInstanceOf(
      RestoreError,
    );
    expect(await readdir(dataDir)).toEqual(['db']);

    const now = new Date('2026-11-27T03:04:05.678Z');
    const again = await restoreEmbedded(dataDir, archive, { replace: true, now });
    expect(again.previous).toBe(path.join(dataDir, 'db.before-restore-2026-11-27T03-04-05-678Z'));
    expect((await readdir(dataDir)).sort()).toEqual([
      'db',
      'db.before-restore-2026-11-27T03-04-05-678Z',
    ]);
  });
});

describe.runIf(onPostgres)('online backup of PostgreSQL with pg_dump and pg_restore', () => {
  it('dumps while the app keeps writing and restores the data of that moment', async () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
      t.database.db,
    );
    const schema = rows[0]?.schema ?? '';
    await addUser(t, 'before-dump');
    await addVideo(t);
    const atDump = await snapshot(t.database.db);
    expect(atDump.chunks).toHaveLength(2);
    const dump = path.join(work, 'meridian.dump');
    // The app stays open with its pool connected while pg_dump reads its snapshot.
    execFileSync('pg_dump', ['--format=custom', `--schema=${schema}`, `--file=${dump}`, url]);
    await addUser(t, 'after-dump');

    const target = `meridian_restore_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${target}`);
      const targetUrl = new URL(url);
      targetUrl.pathname = `/${target}`;
      execFileSync('pg_restore', ['--no-owner', `--dbname=${targetUrl.toString()}`, dump]);
      const restored = await createDatabase({
        databaseUrl: targetUrl.toString(),
        dataDir: '',
        schema,
      });
      try {
        expect(await snapshot(restored.db)).toEqual(atDump);
      } finally {
        await restored.close();
      }
    } finally {
      // Not WITH (FORCE): that would kill the restored pool's last clients while they end.
      await dropWhenIdle(admin, target);
      await admin.end();
    }
  });
});
