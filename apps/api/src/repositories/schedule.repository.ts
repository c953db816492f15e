import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** One filled slot of a physicist, with what the schedule shows beside it (a read model). */
export interface ScheduleRow {
  physicist_id: number;
  job_id: number;
  /** The job's version: bumped by every write to the job. */
  version: number;
  customer: string;
  location: string;
  zip_code: string;
  start: string | null;
  end: string | null;
  slot: 'lead' | 'data_acq';
  partner: string | null;
  kit: string | null;
  job_lat: number | null;
  job_lon: number | null;
  home_lat: number | null;
  home_lon: number | null;
}

/**
 * Reads the assignments of given physicists across jobs, physicists, kits
 * and zip_data: a read model, it writes nothing. Names are read through the
 * ids, so a renamed partner or kit shows its current name (as GET /jobs/ does).
 */
export class ScheduleRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The slots of these physicists, by physicist, in date order (undated jobs last). */
  async forPhysicists(ids: readonly number[], db: Kysely<DB> = this.db): Promise<ScheduleRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<ScheduleRow>`
      select me.id as physicist_id, j.id as job_id, j.version, j.customer, j.location, j.zip_code,
        j.start_date::text as start, j.end_date::text as "end", s.slot,
        case when s.slot = 'lead' then coalesce(dp.name, j.assigned_data_acq_name)
             else coalesce(lp.name, j.assigned_lead_name) end as partner,
        coalesce(k.name, j.assigned_kit_name) as kit,
        jz.lat as job_lat, jz.lon as job_lon, hz.lat as home_lat, hz.lon as home_lon
      from physicists me
      join jobs j on j.assigned_lead_id = me.id or j.assigned_data_acq_id = me.id
      join lateral (
        select 'lead' as slot where j.assigned_lead_id = me.id
        union all select 'data_acq' where j.assigned_data_acq_id = me.id
      ) s on true
      left join physicists lp on lp.id = j.assigned_lead_id
      left join physicists dp on dp.id = j.assigned_data_acq_id
      left join kits k on k.id = j.assigned_kit_id
      left join zip_data jz on jz.zip_code = j.zip_code
      left join zip_data hz on hz.zip_code = me.home_zip
      where me.id = any(${[...ids]}::int[])
      order by me.id, j.start_date nulls last, j.end_date nulls last, j.id, s.slot`.execute(db);
    return rows;
  }

  /** A physicist's name, or undefined when there is no such physicist. */
  async physicistName(id: number, db: Kysely<DB> = this.db): Promise<string | undefined> {
    const row = await db
      .selectFrom('physicists')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.name;
  }
}
