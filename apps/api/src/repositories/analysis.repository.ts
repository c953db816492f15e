import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The fields candidate search reads of every job. */
export interface AnalysisJob {
  id: number;
  zip_code: string;
  start: string | null;
  end: string | null;
  reason: string;
  region: string | null;
  assigned_lead_id: number | null;
  assigned_data_acq_id: number | null;
}

/** A recomputed job: only rows whose reason or region changed are written. */
export interface AnalysisUpdate {
  id: number;
  reason: string;
  region: string | null;
}

const CHUNK = 10_000;

/** Bulk SQL of POST /analyze/: one read of all jobs, one set-based write. */
export class AnalysisRepository {
  /** Every job with what candidate search needs. */
  jobs(db: Kysely<DB>): Promise<AnalysisJob[]> {
    return db
      .selectFrom('jobs')
      .select([
        'id',
        'zip_code',
        sql<string | null>`start_date::text`.as('start'),
        sql<string | null>`end_date::text`.as('end'),
        'reason',
        'region',
        'assigned_lead_id',
        'assigned_data_acq_id',
      ])
      .orderBy('id')
      .execute();
  }

  /** Writes reasons and regions from arrays (an UPDATE ... FROM unnest), bumping each version. */
  async write(rows: readonly AnalysisUpdate[], db: Kysely<DB>): Promise<void> {
    for (let from = 0; from < rows.length; from += CHUNK) {
      const part = rows.slice(from, from + CHUNK);
      await sql`update jobs set reason = u.reason, region = u.region, version = jobs.version + 1
        from unnest(${part.map((r) => r.id)}::int[], ${part.map((r) => r.reason)}::text[],
          ${part.map((r) => r.region)}::text[]) as u(id, reason, region)
        where jobs.id = u.id`.execute(db);
    }
  }
}
