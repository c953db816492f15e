import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** SQL for schedule_notices: the schedule each user was last told about. */
export class ScheduleNoticesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The stored snapshots of these users, by user id (absent: never told). */
  async snapshotsFor(userIds: readonly number[], db: Kysely<DB> = this.db) {
    const snapshots = new Map<number, unknown>();
    if (userIds.length === 0) return snapshots;
    const rows = await db
      .selectFrom('schedule_notices')
      .select(['user_id', 'snapshot'])
      .where('user_id', 'in', [...userIds])
      .execute();
    for (const row of rows) snapshots.set(row.user_id, row.snapshot);
    return snapshots;
  }

  /** Stores what a user has now been told. */
  async save(userId: number, snapshot: unknown, db: Kysely<DB> = this.db): Promise<void> {
    const value = sql`${JSON.stringify(snapshot)}::jsonb`;
    await db
      .insertInto('schedule_notices')
      .values({ user_id: userId, snapshot: value })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ snapshot: value, noticed_at: new Date() }),
      )
      .execute();
  }

  /** Forgets what a user was told (their account was unlinked). */
  async remove(userId: number, db: Kysely<DB> = this.db): Promise<void> {
    await db.deleteFrom('schedule_notices').where('user_id', '=', userId).execute();
  }
}
