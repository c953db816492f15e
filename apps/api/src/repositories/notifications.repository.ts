import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A stored notification as the API shows it. */
export interface NotificationRecord {
  id: number;
  message: string;
  created_at: string;
  read: boolean;
}

/** How many of the user's notifications are unread, and the newest id. */
export interface NotificationsState {
  unread: number;
  latest_id: number | null;
}

/** SQL for notifications: messages to one user each. */
export class NotificationsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Stores one message per (user, message) pair. */
  async insertMany(
    rows: readonly { user_id: number; message: string }[],
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('notifications')
      .values([...rows])
      .execute();
  }

  /** Stores one message to one user; answers its id. */
  async insertOne(
    row: { user_id: number; message: string },
    db: Kysely<DB> = this.db,
  ): Promise<number> {
    const { id } = await db
      .insertInto('notifications')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** The user's newest notifications, newest first. */
  listFor(userId: number, limit: number, db: Kysely<DB> = this.db): Promise<NotificationRecord[]> {
    return db
      .selectFrom('notifications')
      .select([
        'id',
        'message',
        // ISO 8601 in UTC, the same text on PGlite and PostgreSQL.
        sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as(
          'created_at',
        ),
        'read',
      ])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Unread count and newest id of the user's notifications. */
  async stateFor(userId: number, db: Kysely<DB> = this.db): Promise<NotificationsState> {
    const row = await db
      .selectFrom('notifications')
      .select([
        sql<number>`(count(*) filter (where not read))::int`.as('unread'),
        sql<number | null>`max(id)`.as('latest_id'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { unread: row.unread, latest_id: row.latest_id };
  }

  /** Marks one of the user's notifications read; false when the user has no such notification. */
  async markRead(userId: number, id: number, db: Kysely<DB> = this.db): Promise<boolean> {
    const result = await db
      .updateTable('notifications')
      .set({ read: true })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
