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

  /** Deletes a kit; true when a row was removed. */
  async delete(id: number, db: Kysely<DB> = this.db): Promise<boolean> {
    const result = await db.deleteFrom('kits').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /**
   * Row-locks the jobs holding this kit, in id order. Writers that change a
   * kit and its jobs take the jobs first, as manual assignment does (job,
   * then kit), so the two wait for each other instead of deadlocking.
   */
  async lockJobsOf(id: number, db: Kysely<DB> = this.db): Promise<void> {
    await db
      .selectFrom('jobs')
      .select('id')
      .where('assigned_kit_id', '=', id)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /**
   * Empties this kit's slot, unpinned and with a new version, on every job
   * holding it, or with `after` only on those starting after that day or not
   * dated yet (a kit going into maintenance); returns the jobs' ids.
   */
  async clearFromJobs(id: number, db: Kysely<DB> = this.db, after?: string): Promise<number[]> {
    let query = db
      .updateTable('jobs')
      .set({
        assigned_kit_id: null,
        assigned_kit_name: null,
        kit_pinned: false,
        version: sql`version + 1`,
      })
      .where('assigned_kit_id', '=', id);
    if (after !== undefined) {
      query = query.where((eb) =>
        eb.or([eb('start_date', 'is', null), eb(sql<string>`start_date`, '>', after)]),
      );
    }
    const rows = await query.returning('id').execute();
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }
}
