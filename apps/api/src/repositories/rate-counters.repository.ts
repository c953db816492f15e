import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A failure counted: the counter's lock end after it (ms since 1970, 0 when not locked). */
export interface CountedFailure {
  lockedUntil: number;
}

/** A request counted in its window: hits so far and ms until the window ends. */
export interface CountedHit {
  hits: number;
  ttlMs: number;
}

/**
 * SQL for rate_counters (migration 0025), the counters every API node shares.
 * Each change is one INSERT ... ON CONFLICT DO UPDATE: PostgreSQL locks the
 * row for it, so two nodes counting the same key at once count twice, never
 * once. Times are passed in (the caller's clock) and cast to bigint.
 */
export class RateCountersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Counts one failure of a sign-in counter: a window of `windowMs` starts
   * at the first failure; the `limit`-th failure within it locks the key for
   * `lockMs` and leaves the count one below the limit, so one more failure
   * after the lock locks again at once.
   */
  async countFailure(
    key: string,
    limit: number,
    t: number,
    windowMs: number,
    lockMs: number,
  ): Promise<CountedFailure> {
    const now = sql`${t}::bigint`;
    const stale = sql`(${now} - c.window_start > ${windowMs}::bigint)`;
    const next = sql`(case when ${stale} then 1 else c.hits + 1 end)`;
    const reached = sql`(${next} >= ${limit}::int)`;
    const lockEnd = sql`${now} + ${lockMs}::bigint`;
    // Window and lock are both over by then: the sweep may delete the row.
    const expires = sql`${now} + greatest(${windowMs}::bigint, ${lockMs}::bigint)`;
    const first = 1 >= limit;
    const result = await sql<{ locked_until: number }>`
      insert into rate_counters as c (key, hits, window_start, locked_until, expires_at)
      values (${key}, ${first ? limit - 1 : 1}::int, ${now}, ${first ? t + lockMs : 0}::bigint, ${expires})
      on conflict (key) do update set
        hits = case when ${reached} then ${limit - 1}::int else ${next} end,
        window_start = case when ${reached} or ${stale} then ${now} else c.window_start end,
        locked_until = case when ${reached} then ${lockEnd} else c.locked_until end,
        expires_at = greatest(c.expires_at, ${expires})
      returning locked_until::float8 as locked_until`.execute(this.db);
    return { lockedUntil: Number(result.rows[0]?.locked_until ?? 0) };
  }

  /** The lock ends after `t` among these keys, by key (a key not locked is absent). */
  async locks(keys: readonly string[], t: number): Promise<ReadonlyMap<string, number>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('rate_counters')
      .select(['key', sql<number>`locked_until::float8`.as('until')])
      .where('key', 'in', keys)
      .where('locked_until', '>', sql<string>`${t}::bigint`)
      .execute();
    return new Map(rows.map((row) => [row.key, Number(row.until)]));
  }

  /** Forgets a counter (a successful sign-in clears its account's failures). */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('key', '=', key).execute();
  }

  /**
   * Counts one request in a fixed window of `windowMs` that starts with the
   * first request (as @fastify/rate-limit's own store does): hits so far in
   * the window, and the ms until it ends.
   */
  async countHit(key: string, t: number, windowMs: number): Promise<CountedHit> {
    const now = sql`${t}::bigint`;
    const window = sql`${windowMs}::bigint`;
    const over = sql`(${now} - c.window_start >= ${window})`;
    const result = await sql<{ hits: number; ttl: number }>`
      insert into rate_counters as c (key, hits, window_start, locked_until, expires_at)
      values (${key}, 1, ${now}, 0, ${now} + ${window})
      on conflict (key) do update set
        hits = case when ${over} then 1 else c.hits + 1 end,
        window_start = case when ${over} then ${now} else c.window_start end,
        expires_at = case when ${over} then ${now} + ${window} else c.expires_at end
      returning hits, (window_start + ${window} - ${now})::float8 as ttl`.execute(this.db);
    const row = result.rows[0];
    return { hits: Number(row?.hits ?? 1), ttlMs: Number(row?.ttl ?? windowMs) };
  }

  /** Deletes every counter whose window and lock have passed by `t`; answers how many. */
  async sweep(t: number): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_counters')
      .where('expires_at', '<=', sql<string>`${t}::bigint`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Counters held (tests and the docs' bound). */
  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('rate_counters')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
