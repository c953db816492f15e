import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** SQL for user_appearance (migration 0026): one theme choice per user. */
export class UserAppearanceRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The user's stored choice as written, or undefined when they never chose. */
  async get(userId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('user_appearance')
      .select('theme_choice')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.theme_choice;
  }

  /** Stores the user's choice (insert or replace). */
  async put(userId: number, themeChoice: string): Promise<void> {
    await this.db
      .insertInto('user_appearance')
      .values({ user_id: userId, theme_choice: themeChoice, updated_at: new Date() })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ theme_choice: themeChoice, updated_at: new Date() }),
      )
      .execute();
  }
}
