import type { ZipPoint } from '@meridian/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ZIP_TABLE_ROWS, zipTableRows } from '../io/zip-table';

/** What loading the zip table did: rows inserted and how long it took. */
export interface ZipLoadResult {
  inserted: number;
  milliseconds: number;
}

// One statement per chunk: unnest of five arrays is five parameters whatever the row count.
const CHUNK = 20_000;

/** SQL for the zip_data table. */
export class ZipDataRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Loads the bundled zip table when the database holds fewer rows than the
   * package (first start, or a newer package); a full table is seen from its
   * count alone, without loading the package. Idempotent and safe when two
   * nodes start at once: existing zips are left alone.
   */
  async ensureLoaded(): Promise<ZipLoadResult> {
    const started = performance.now();
    const { n } = await this.db
      .selectFrom('zip_data')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    if (n >= ZIP_TABLE_ROWS) return { inserted: 0, milliseconds: performance.now() - started };
    const rows = zipTableRows();
    let inserted = 0;
    await this.db.transaction().execute(async (trx) => {
      for (let from = 0; from < rows.length; from += CHUNK) {
        const part = rows.slice(from, from + CHUNK);
        const result = await sql`
          insert into zip_data (zip_code, lat, lon, city, state)
          select * from unnest(
            ${part.map((r) => r.zip_code)}::text[],
            ${part.map((r) => r.lat)}::float8[],
            ${part.map((r) => r.lon)}::float8[],
            ${part.map((r) => r.city)}::text[],
            ${part.map((r) => r.state)}::text[])
          on conflict (zip_code) do nothing`.execute(trx);
        inserted += Number(result.numAffectedRows ?? 0n);
      }
    });
    return { inserted, milliseconds: performance.now() - started };
  }

  /** zip_code, lat, lon of every zip used by a job, a physicist's home or a kit. */
  referenced(): Promise<ZipPoint[]> {
    return this.db
      .selectFrom('zip_data')
      .select(['zip_code', 'lat', 'lon'])
      .where((eb) =>
        eb.or([
          eb('zip_code', 'in', eb.selectFrom('jobs').select('zip_code')),
          eb('zip_code', 'in', eb.selectFrom('physicists').select('home_zip')),
          eb('zip_code', 'in', eb.selectFrom('kits').select('current_location_zip')),
        ]),
      )
      .orderBy('zip_code')
      .execute();
  }
}
