import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/compose/app';
import { createDatabase, type Database } from '../src/db/database';
import { TokenSigner } from '../src/security/jwt';
import { createTestApp, type TestApp } from './support/test-app';

// The per-node memory of change counters, users rows and verified tokens
// must never answer an old version after a write has committed: on
// PostgreSQL across two app instances (two pools, like two API nodes), on
// the embedded database through any statement, repository or not.

const onPostgres = process.env.TEST_DB === 'postgres';
let a: TestApp;

beforeAll(async () => {
  a = await createTestApp();
});
afterAll(async () => {
  await a.close();
});

const getJobs = (app: App, token: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url: '/api/v1/jobs/',
    headers: { authorization: `Bearer ${token}`, ...headers },
  });

const newJob = (app: App, token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/jobs/',
    headers: { authorization: `Bearer ${token}` },
  });

describe.runIf(onPostgres)('two API nodes on one PostgreSQL database', () => {
  let second: Database;
  let b: App;

  beforeAll(async () => {
    // The test app's schema, opened again through a pool of its own.
    const schema = (
      await sql<{ schema: string }>`select current_schema() as schema`.execute(a.database.db)
    ).rows[0]!.schema;
    second = await createDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL!,
      dataDir: '',
      schema,
      migrate: false,
    });
    b = await buildApp({ config: a.config, database: second, logger: false });
    await b.ready();
  });
  afterAll(async () => {
    await b.close();
    await second.close();
  });

  it('a job added on one node changes the ETag and body the other serves at once', async () => {
    const token = a.tokens.manager;
    const before = await getJobs(b, token);
    expect((await getJobs(b, token)).headers.etag).toBe(before.headers.etag);
    expect((await newJob(a.app, token)).statusCode).toBe(201);
    const after = await getJobs(b, token, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<unknown[]>().length).toBe(before.json<unknown[]>().length + 1);
    // And both nodes name the new version alike.
    expect((await getJobs(a.app, token)).headers.etag).toBe(after.headers.etag);
  });

  it('a password reset on one node ends the session on the other at once', async () => {
    const created = await a.app.inject({
      method: 'POST',
      url: '/api/v1/admin/users',
      headers: a.bearer(a.tokens.admin),
      payload: { username: 'twonodes', email: 'two@example.org', password: 'two-nodes-pass-1' },
    });
    expect(created.statusCode).toBe(201);
    const token = await a.login('twonodes', 'two-nodes-pass-1');
    // The other node has checked this token and remembered the user's row.
    expect((await getJobs(b, token)).statusCode).toBe(200);
    expect((await getJobs(b, token)).statusCode).toBe(200);
    const reset = await a.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${created.json<{ id: number }>().id}/password`,
      headers: a.bearer(a.tokens.admin),
      payload: { new_password: 'another-pass-12' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await getJobs(b, token)).statusCode).toBe(401);
  });
});

describe('a write that bypasses the repositories', () => {
  it('changes the ETag on the next request, in or out of a transaction', async () => {
    const token = a.tokens.manager;
    const first = (await getJobs(a.app, token)).headers.etag;
    expect((await getJobs(a.app, token)).headers.etag).toBe(first);
    await sql`update jobs set reason = 'raw write'`.execute(a.database.db);
    const second = (await getJobs(a.app, token)).headers.etag;
    expect(second).not.toBe(first);
    await a.database.db
      .transaction()
      .execute((trx) => trx.updateTable('jobs').set({ reason: 'in a transaction' }).execute());
    expect((await getJobs(a.app, token)).headers.etag).not.toBe(second);
  });
});

describe.runIf(!onPostgres)('the embedded write clock', () => {
  it('stands still for plain SELECTs and ticks for anything that may write', async () => {
    const clock = a.database.writeClock!;
    const db = a.database.db;
    const at = clock.now();
    await db.selectFrom('jobs').select('id').execute();
    expect(clock.now()).toBe(at);
    await db.updateTable('jobs').set({ reason: 'x' }).where('id', '<', 0).execute();
    expect(clock.now()).toBeGreaterThan(at);
    const afterUpdate = clock.now();
    // A CTE may write, and raw SQL is not inspected: both count as writes.
    await db
      .with('ids', (q) => q.selectFrom('jobs').select('id'))
      .selectFrom('ids')
      .select('id')
      .execute();
    expect(clock.now()).toBeGreaterThan(afterUpdate);
    const afterCte = clock.now();
    await sql`select 1`.execute(db);
    expect(clock.now()).toBeGreaterThan(afterCte);
  });
});

describe('remembered tokens', () => {
  it('stop being accepted when they expire', async () => {
    let now = Math.floor(Date.now() / 1000);
    const signer = new TokenSigner('remembered-tokens-key-0123456789-abcdef', 1, () => now);
    const token = await signer.sign({
      sub: 'someone',
      role: 'regular',
      uid: 7,
      key: 'k'.repeat(32),
    });
    expect(await signer.verify(token)).toMatchObject({ uid: 7 });
    now += 59;
    expect(await signer.verify(token)).toMatchObject({ uid: 7 });
    now += 120;
    expect(await signer.verify(token)).toBeNull();
    // A forged signature is refused even though the genuine token was remembered.
    const forged = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
    now -= 120;
    expect(await signer.verify(forged)).toBeNull();
  });
});
