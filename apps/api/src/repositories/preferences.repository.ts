import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** One physicist's stated preferences, as stored (sorted, unique). */
export interface StoredPreferences {
  physicist_id: number;
  physicist_name: string;
  avoid_dates: string[];
  avoid_weekdays: number[];
}

const json = (value: unknown) => sql<string>`${JSON.stringify(value)}::jsonb`;

/** SQL for physicist_preferences (migration 0023): the only writer of that table. */
export class PreferencesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Replaces a physicist's preferences; an empty set deletes the row (nothing stated). */
  async replace(
    physicistId: number,
    avoidDates: readonly string[],
    avoidWeekdays: readonly number[],
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    if (avoidDates.length === 0 && avoidWeekdays.length === 0) {
      await db
        .deleteFrom('physicist_preferences')
        .where('physicist_id', '=', physicistId)
        .execute();
      return;
    }
    const values = { avoid_dates: json(avoidDates), avoid_weekdays: json(avoidWeekdays) };
    await db
      .insertInto('physicist_preferences')
      .values({ physicist_id: physicistId, ...values })
      .onConflict((oc) =>
        oc.column('physicist_id').doUpdateSet({ ...values, updated_at: new Date() }),
      )
      .execute();
  }

  /**
   * The preferences of every physicist who stated any, or of the one given,
   * with the physicist's name; by physicist id.
   */
  list(physicistId?: number, db: Kysely<DB> = this.db): Promise<StoredPreferences[]> {
    let query = db
      .selectFrom('physicist_preferences as pp')
      .innerJoin('physicists as p', 'p.id', 'pp.physicist_id')
      .select([
        'pp.physicist_id',
        'p.name as physicist_name',
        'pp.avoid_dates',
        'pp.avoid_weekdays',
      ])
      .orderBy('pp.physicist_id');
    if (physicistId !== undefined) query = query.where('pp.physicist_id', '=', physicistId);
    return query.execute();
  }
}
