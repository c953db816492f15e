import { sql, type Kysely } from 'kysely';
import type { DB, WriteClock } from '../db/database';

/** A table whose writes bump a change counter (migration 0007). */
export type VersionedTable =
  | 'jobs'
  | 'physicists'
  | 'kits'
  | 'unavailability'
  | 'users'
  | 'zip_data'
  | 'plan_publications'
  | 'physicist_preferences'
  | 'revoked_tokens';

/** Every counter as read at one moment, and the write clock before that read. */
interface Reading {
  clockBefore: number;
  versions: Map<string, string>;
}

/**
 * Reads the change counters that triggers keep; nothing here writes them.
 *
 * On the embedded database this process runs every statement, so a reading
 * stays current until the write clock ticks (any statement but a plain
 * SELECT): then the next call reads again. Answering from memory is what
 * lets a list request on PGlite run without a query. On PostgreSQL other
 * nodes write too: every call asks the database, so no node can hold a
 * version older than a committed write.
 */
export class DataVersionsRepository {
  private reading: Reading | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock?: WriteClock,
  ) {}

  /** The counters of `tables`, in the order asked, as text ('jobs=12'). */
  async read(tables: readonly VersionedTable[]): Promise<string[]> {
    const { versions } = await this.current();
    return tables.map((t) => {
      const version = versions.get(t);
      if (version === undefined) throw new Error(`data_versions has no row for ${t}`);
      return `${t}=${version}`;
    });
  }

  private async current(): Promise<Reading> {
    const clock = this.clock;
    if (clock !== undefined && this.reading?.clockBefore === clock.now()) return this.reading;
    // Taken before the query: a write that runs in between ticks past it, so the
    // reading is at least as new as its label and the next call reads again.
    const clockBefore = clock?.now() ?? 0;
    const rows = await this.db
      .selectFrom('data_versions')
      .select(['name', sql<string>`version::text`.as('version')])
      .execute();
    const reading = { clockBefore, versions: new Map(rows.map((r) => [r.name, r.version])) };
    // Keep the newest label: a slower, older reading must not replace a newer one.
    if (clock !== undefined && (this.reading === null || clockBefore >= this.reading.clockBefore))
      this.reading = reading;
    return reading;
  }
}
