import type { Kit } from '@meridian/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { NewKit } from '../io/parse-roster';

/** SQL for the kits table; methods take the handle so callers can pass a transaction. */
export class KitsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every kit by name. */
  list(db: Kysely<DB> = this.db): Promise<Kit[]> {
    return db.selectFrom('kits').selectAll().orderBy('name').orderBy('id').execute();
  }

  /** One kit, row-locked inside a transaction so two overrides cannot race. */
  find(id: number, db: Kysely<DB> = this.db): Promise<Kit | undefined> {
    return db.selectFrom('kits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** Which of these names are taken (case-insensitive). */
  async takenNames(names: string[], db: Kysely<DB> = this.db): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await db
      .selectFrom('kits')
      .select('name')
      .where(
        sql<string>`lower(name)`,
        'in',
        names.map((n) => n.toLowerCase()),
      )
      .execute();
    return rows.map((r) => r.name);
  }

  /** Inserts kits in one statement and returns them. */
  insertMany(rows: NewKit[], db: Kysely<DB> = this.db): Promise<Kit[]> {
    if (rows.length === 0) return Promise.resolve([]);
    return db.insertInto('kits').values(rows).returningAll().execute();
  }

  /** Sets location, maintenance flag and comments; undefined when there is no such kit. */
  update(
    id: number,
    fields: Pick<Kit, 'current_location_zip' | 'is_out_for_maintenance' | 'comments'>,
    db: Kysely<DB> = this.db,
  ): Promise<Kit | undefined> {
    return db
      .updateTable('kits')
      .set(fields)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Row-locks every kit in id order (after the jobs: automated kit assignment). */
  async lockAll(db: Kysely<DB> = this.db): Promise<void> {
    await db.selectFrom('kits').select('id').orderBy('id').forUpdate().execute();
  }

  /** Which of these ids are kits that exist (a plan restore checks the ones it would write). */
  async existingIds(ids: readonly number[], db: Kysely<DB> = this.db): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('kits')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Deletes a kit; true when a row was removed. */
  async delete(id: number, db: Kysely<DB> = this.db): Promise<boolean> {
    const result = await db.deleteFrom('kits').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
