import type { Physicist } from '@meridian/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { NewPhysicist } from '../io/parse-roster';

/** SQL for the physicists table; methods take the handle so callers can pass a transaction. */
export class PhysicistsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every physicist by name. */
  list(db: Kysely<DB> = this.db): Promise<Physicist[]> {
    return db.selectFrom('physicists').selectAll().orderBy('name').orderBy('id').execute();
  }

  /** One physicist, row-locked inside a transaction so two assignments cannot race. */
  find(id: number, db: Kysely<DB> = this.db): Promise<Physicist | undefined> {
    return db
      .selectFrom('physicists')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Which of these names are taken (case-insensitive), except by `exceptId`. */
  async takenNames(names: string[], exceptId = 0, db: Kysely<DB> = this.db): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await db
      .selectFrom('physicists')
      .select('name')
      .where(
        sql<string>`lower(name)`,
        'in',
        names.map((n) => n.toLowerCase()),
      )
      .where('id', '<>', exceptId)
      .execute();
    return rows.map((r) => r.name);
  }

  /** Inserts physicists in one statement and returns them. */
  insertMany(rows: NewPhysicist[], db: Kysely<DB> = this.db): Promise<Physicist[]> {
    if (rows.length === 0) return Promise.resolve([]);
    return db.insertInto('physicists').values(rows).returningAll().execute();
  }

  /** Replaces a physicist's fields; undefined when there is no such physicist. */
  update(id: number, row: NewPhysicist, db: Kysely<DB> = this.db) {
    return db
      .updateTable('physicists')
      .set(row)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Which of these ids are physicists that exist (a plan restore checks the ones it would write). */
  async existingIds(ids: readonly number[], db: Kysely<DB> = this.db): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('physicists')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Deletes a physicist; true when a row was removed. */
  async delete(id: number, db: Kysely<DB> = this.db): Promise<boolean> {
    const result = await db.deleteFrom('physicists').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
