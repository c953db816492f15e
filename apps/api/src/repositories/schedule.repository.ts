import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A job ready to insert: upload fields with names resolved to ids and the region derived. */
export interface JobInsert {
  customer: string;
  location: string;
  zip_code: string;
  package: string;
  start: string;
  end: string;
  reason: string;
  assigned_lead_id: number | null;
  assigned_lead: string | null;
  assigned_data_acq_id: number | null;
  assigned_data_acq: string | null;
  assigned_kit_id: number | null;
  assigned_kit_name: string | null;
  region: string | null;
}

// Each chunk is one statement with one array parameter per column, whatever its row count.
const CHUNK = 10_000;

/** Bulk SQL of the "replace all" upload. */
export class ScheduleRepository {
  /** Deletes every job (call inside the replacing transaction). */
  async deleteAllJobs(db: Kysely<DB>): Promise<void> {
    await db.deleteFrom('jobs').execute();
  }

  /** Inserts jobs with unnest, in order, so ids follow the file. */
  async insertJobs(rows: readonly JobInsert[], db: Kysely<DB>): Promise<number> {
    for (let from = 0; from < rows.length; from += CHUNK) {
      const part = rows.slice(from, from + CHUNK);
      const col = <T>(pick: (row: JobInsert) => T): T[] => part.map(pick);
      await sql`insert into jobs (customer, location, zip_code, package, start_date, end_date,
          reason, assigned_lead_id, assigned_lead_name, assigned_data_acq_id,
          assigned_data_acq_name, assigned_kit_id, assigned_kit_name, region)
        select * from unnest(
          ${col((r) => r.customer)}::text[], ${col((r) => r.location)}::text[],
          ${col((r) => r.zip_code)}::text[], ${col((r) => r.package)}::text[],
          ${col((r) => r.start)}::date[], ${col((r) => r.end)}::date[],
          ${col((r) => r.reason)}::text[],
          ${col((r) => r.assigned_lead_id)}::int[], ${col((r) => r.assigned_lead)}::text[],
          ${col((r) => r.assigned_data_acq_id)}::int[], ${col((r) => r.assigned_data_acq)}::text[],
          ${col((r) => r.assigned_kit_id)}::int[], ${col((r) => r.assigned_kit_name)}::text[],
          ${col((r) => r.region)}::text[])`.execute(db);
    }
    return rows.length;
  }
}
