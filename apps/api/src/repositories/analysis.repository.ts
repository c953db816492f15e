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

/** The read of POST /analyze/: every job with what candidate search needs (JobsRepository writes). */
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
}
