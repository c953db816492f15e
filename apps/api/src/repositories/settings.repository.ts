import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Key/value JSON documents in app_settings. */
export class SettingsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The stored JSON for a key, or undefined when never saved. */
  async get(key: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  }

  /** Inserts or replaces the JSON for a key. */
  async put(key: string, value: unknown): Promise<void> {
    const json = JSON.stringify(value);
    await this.db
      .insertInto('app_settings')
      .values({ key, value: sql`${json}::jsonb` })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`${json}::jsonb` }))
      .execute();
  }
}
