import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** SQL for calendar_feeds: one hashed feed secret per user. */
export class CalendarFeedsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Stores the user's new secret hash and seed, replacing (and so killing) any earlier one. */
  async replace(
    userId: number,
    secretHash: string,
    seed: string,
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    await db
      .insertInto('calendar_feeds')
      .values({ user_id: userId, secret_hash: secretHash, seed })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ secret_hash: secretHash, seed, created_at: new Date() }),
      )
      .execute();
  }

  /** The user's live feed: its secret hash and seed (null on a feed older than seeds). */
  find(
    userId: number,
    db: Kysely<DB> = this.db,
  ): Promise<{ secret_hash: string; seed: string | null } | undefined> {
    return db
      .selectFrom('calendar_feeds')
      .select(['secret_hash', 'seed'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Removes the user's feed; true when there was one. */
  async delete(userId: number, db: Kysely<DB> = this.db): Promise<boolean> {
    const result = await db
      .deleteFrom('calendar_feeds')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The user whose feed has this secret hash, if any. */
  async userIdFor(secretHash: string, db: Kysely<DB> = this.db): Promise<number | undefined> {
    const row = await db
      .selectFrom('calendar_feeds')
      .select('user_id')
      .where('secret_hash', '=', secretHash)
      .executeTakeFirst();
    return row?.user_id;
  }
}
