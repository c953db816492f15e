import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A table whose writes bump a change counter (migration 0007). */
export type VersionedTable =
  'jobs' | 'physicists' | 'kits' | 'unavailability' | 'users' | 'zip_data';

/** Reads the change counters that triggers keep; nothing here writes them. */
export class DataVersionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The counters of `tables`, in the order asked, as text ('jobs=12'). */
  async read(tables: readonly VersionedTable[]): Promise<string[]> {
    const rows = await this.db
      .selectFrom('data_versions')
      .select(['name', sql<string>`version::text`.as('version')])
      .where('name', 'in', tables)
      .execute();
    const byName = new Map(rows.map((r) => [r.name, r.version]));
    return tables.map((t) => {
      const version = byName.get(t);
      if (version === undefined) throw new Error(`data_versions has no row for ${t}`);
      return `${t}=${version}`;
    });
  }
}
