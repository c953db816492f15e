import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** SQL for plan_publications: each publish of the plan through a date. */
export class PlanPublicationsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The date the plan is published through (the latest publish's), or null. */
  async publishedThrough(db: Kysely<DB> = this.db): Promise<string | null> {
    const row = await db
      .selectFrom('plan_publications')
      .select(sql<string>`through::text`.as('through'))
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.through ?? null;
  }

  /** Records a publish. */
  async insert(
    publish: { through: string; publishedBy: string; notified: number },
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    await db
      .insertInto('plan_publications')
      .values({
        through: publish.through,
        published_by: publish.publishedBy,
        notified: publish.notified,
      })
      .execute();
  }

  /**
   * Dated jobs starting after `from` (on or after it when `inclusive`) and
   * on or before `through`: what a publish through `through` newly publishes.
   */
  async jobsStartingBetween(
    from: string,
    through: string,
    inclusive: boolean,
    db: Kysely<DB> = this.db,
  ): Promise<number> {
    const row = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('start_date', inclusive ? '>=' : '>', from)
      .where('start_date', '<=', through)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /**
   * Takes the publish lock for the rest of the transaction: two managers
   * publishing at once take turns, so nobody is told of one job twice.
   */
  async lock(db: Kysely<DB>): Promise<void> {
    await sql`lock table plan_publications in exclusive mode`.execute(db);
  }
}
