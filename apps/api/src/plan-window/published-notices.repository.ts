import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** SQL for published_notices: the published jobs each user was last told about. */
export class PublishedNoticesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The stored snapshots of these users, by user id (absent: never told). */
  async snapshotsFor(userIds: readonly number[], db: Kysely<DB> = this.db) {
    const snapshots = new Map<number, unknown>();
    if (userIds.length === 0) return snapshots;
    const rows = await db
      .selectFrom('published_notices')
      .select(['user_id', 'snapshot'])
      .where('user_id', 'in', [...userIds])
      .execute();
    for (const row of rows) snapshots.set(row.user_id, row.snapshot);
    return snapshots;
  }

  /** Stores what a user has now been told of their published jobs. */
  async save(userId: number, snapshot: unknown, db: Kysely<DB> = this.db): Promise<void> {
    const value = sql`${JSON.stringify(snapshot)}::jsonb`;
    await db
      .insertInto('published_notices')
      .values({ user_id: userId, snapshot: value })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ snapshot: value, noticed_at: new Date() }),
      )
      .execute();
  }
}
