import type { Unavailability } from '@meridian/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { NewUnavailability } from '../io/parse-schedule';

// Unnest keeps a 100,000-row insert to a handful of statements with three parameters each.
const CHUNK = 10_000;

function selectLeave(db: Kysely<DB>) {
  return db
    .selectFrom('unavailability')
    .select([
      'id',
      'physicist_name',
      sql<string>`start_date::text`.as('start_date'),
      sql<string>`end_date::text`.as('end_date'),
    ]);
}

/** SQL for the unavailability (leave) table. */
export class AvailabilityRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every record by start date. */
  list(db: Kysely<DB> = this.db): Promise<Unavailability[]> {
    return selectLeave(db).orderBy('start_date').orderBy('id').execute();
  }

  /** A physicist's records that share a day with start..end (inclusive). */
  overlapping(
    name: string,
    start: string,
    end: string,
    db: Kysely<DB> = this.db,
  ): Promise<Unavailability[]> {
    return selectLeave(db)
      .where(sql<string>`lower(physicist_name)`, '=', name.toLowerCase())
      .where(sql<string>`start_date`, '<=', end)
      .where(sql<string>`end_date`, '>=', start)
      .orderBy('start_date')
      .execute();
  }

  /** Inserts one record and returns it. */
  async insert(row: NewUnavailability, db: Kysely<DB> = this.db): Promise<Unavailability> {
    const { id } = await db
      .insertInto('unavailability')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await selectLeave(db).where('id', '=', id).executeTakeFirst())!;
  }

  /** Bulk insert (upload, demo seed); returns the number of rows. */
  async insertMany(rows: readonly NewUnavailability[], db: Kysely<DB> = this.db): Promise<number> {
    for (let from = 0; from < rows.length; from += CHUNK) {
      const part = rows.slice(from, from + CHUNK);
      await sql`insert into unavailability (physicist_name, start_date, end_date)
        select * from unnest(
          ${part.map((r) => r.physicist_name)}::text[],
          ${part.map((r) => r.start_date)}::date[],
          ${part.map((r) => r.end_date)}::date[])`.execute(db);
    }
    return rows.length;
  }

  /**
   * Takes the table for an applied what-if that records leave: one writer at
   * a time, taken before the jobs' row locks (as every plan write takes this
   * table first), so two applies cannot deadlock on their share locks.
   */
  async lockForRecording(db: Kysely<DB>): Promise<void> {
    await sql`lock table unavailability in share row exclusive mode`.execute(db);
  }

  /**
   * Inserts leave an applied run records (undoing the run removes it); the
   * rows as stored. Null when the run is recorded after the rows (a restore
   * reads the plan with them first): `recordBy` names it then.
   */
  async insertRecorded(
    rows: readonly NewUnavailability[],
    runId: number | null,
    db: Kysely<DB>,
  ): Promise<Unavailability[]> {
    if (rows.length === 0) return [];
    const inserted = await db
      .insertInto('unavailability')
      .values(rows.map((r) => ({ ...r, recorded_by_run_id: runId })))
      .returning('id')
      .execute();
    return selectLeave(db)
      .where(
        'id',
        'in',
        inserted.map((r) => r.id),
      )
      .orderBy('start_date')
      .execute();
  }

  /** Names the run that recorded these rows (they were inserted before it was). */
  async recordBy(ids: readonly number[], runId: number, db: Kysely<DB>): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('unavailability')
      .set({ recorded_by_run_id: runId })
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Deletes the leave a run recorded (its undo); the rows removed. */
  async deleteRecordedBy(runId: number, db: Kysely<DB>): Promise<Unavailability[]> {
    const rows = await selectLeave(db)
      .where('recorded_by_run_id', '=', runId)
      .orderBy('start_date')
      .execute();
    if (rows.length > 0)
      await db.deleteFrom('unavailability').where('recorded_by_run_id', '=', runId).execute();
    return rows;
  }

  /** Deletes one record; true when a row was removed. */
  async delete(id: number, db: Kysely<DB> = this.db): Promise<boolean> {
    const result = await db.deleteFrom('unavailability').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Deletes every record (the upload replaces them all). */
  async deleteAll(db: Kysely<DB> = this.db): Promise<void> {
    await db.deleteFrom('unavailability').execute();
  }

  /** Follows a physicist's rename, since leave is keyed by name. */
  async rename(from: string, to: string, db: Kysely<DB> = this.db): Promise<void> {
    await db
      .updateTable('unavailability')
      .set({ physicist_name: to })
      .where(sql<string>`lower(physicist_name)`, '=', from.toLowerCase())
      .execute();
  }

  /** Removes a deleted physicist's records; returns how many. */
  async deleteForName(name: string, db: Kysely<DB> = this.db): Promise<number> {
    const result = await db
      .deleteFrom('unavailability')
      .where(sql<string>`lower(physicist_name)`, '=', name.toLowerCase())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
