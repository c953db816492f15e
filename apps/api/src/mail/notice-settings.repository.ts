import type { NoticeDelivery } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A user's choice; a user without a row has DEFAULT_NOTICE_CHOICE. */
export interface NoticeChoice {
  email_on: boolean;
  delivery: NoticeDelivery;
}

/** E-mail on, each notice at once: the "every notice goes to the user's e-mail". */
export const DEFAULT_NOTICE_CHOICE: NoticeChoice = { email_on: true, delivery: 'immediate' };

/** SQL for notice_settings (migration 0024). */
export class NoticeSettingsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The user's choice, or the defaults. */
  async get(userId: number, db: Kysely<DB> = this.db): Promise<NoticeChoice> {
    const row = await db
      .selectFrom('notice_settings')
      .select(['email_on', 'delivery'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ?? DEFAULT_NOTICE_CHOICE;
  }

  /** Stores the user's choice (insert or replace). */
  async put(userId: number, choice: NoticeChoice, db: Kysely<DB> = this.db): Promise<void> {
    await db
      .insertInto('notice_settings')
      .values({ user_id: userId, ...choice, updated_at: new Date() })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...choice, updated_at: new Date() }))
      .execute();
  }
}
