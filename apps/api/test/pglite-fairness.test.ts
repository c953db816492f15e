import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect } from '../src/db/pglite-dialect';

// PGlite runs each statement synchronously on the main thread and its promises settle as
// microtasks, so a queue of waiting queries could drain in one turn of the event loop and
// starve every socket meanwhile (docs/reliability-notes.md: SSE streams that never ended).
let pglite: PGlite;
let db: Kysely<unknown>;

beforeAll(async () => {
  pglite = new PGlite();
  db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  await sql`select 1`.execute(db);
});
afterAll(async () => {
  await db.destroy();
});

describe('the embedded database between queries', () => {
  it('gives the event loop a turn, so I/O is served while queries are queued', async () => {
    const queued = 40;
    let done = 0;
    const queries = Array.from({ length: queued }, () =>
      sql`select 1`.execute(db).then(() => {
        done += 1;
      }),
    );
    // What a socket's data callback would see: how many queries ran before its turn came.
    const doneAtIoTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    await Promise.all(queries);
    expect(done).toBe(queued);
    expect(doneAtIoTurn).toBeLessThan(queued / 4);
  });

  it('still runs a transaction alone: no other query interleaves while it holds the session', async () => {
    const order: string[] = [];
    const trx = db.transaction().execute(async (t) => {
      order.push('trx begin');
      await sql`select 1`.execute(t);
      await sql`select 2`.execute(t);
      order.push('trx end');
    });
    const other = sql`select 3`.execute(db).then(() => order.push('other'));
    await Promise.all([trx, other]);
    expect(order).toEqual(['trx begin', 'trx end', 'other']);
  });
});
