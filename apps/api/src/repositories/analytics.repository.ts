import { sql, type Kysely } from 'kysely';
import type { JobHolders } from '@meridian/domain';
import type { DB } from '../db/schema';

/** The last completed optimisation run. */
export interface LastRun {
  algorithm: string;
  finished_at: string;
  objective_total: number;
}

/** SQL of the analytics summary. */
export class AnalyticsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every job's slot holders (ids and names), for countOpenSlots. */
  async jobHolders(): Promise<JobHolders[]> {
    const { rows } = await sql<JobHolders>`
      select assigned_lead_id, assigned_lead_name as assigned_lead,
        assigned_data_acq_id, assigned_data_acq_name as assigned_data_acq
      from jobs`.execute(this.db);
    return rows;
  }

  /**
   * Miles of every filled physician slot whose job and home both have
   * coordinates (haversine in SQL with R = 3958.8 mi, as the domain computes it).
   */
  async slotMiles(): Promise<number[]> {
    const { rows } = await sql<{ miles: number }>`
      select 2 * 3958.8 * asin(sqrt(
          power(sin(radians(h.lat - z.lat) / 2), 2)
          + cos(radians(z.lat)) * cos(radians(h.lat)) * power(sin(radians(h.lon - z.lon) / 2), 2)
        )) as miles
      from jobs j
      join zip_data z on z.zip_code = j.zip_code
      join lateral (values (j.assigned_lead_id), (j.assigned_data_acq_id)) as s(pid) on s.pid is not null
      join physicists p on p.id = s.pid
      join zip_data h on h.zip_code = p.home_zip`.execute(this.db);
    return rows.map((r) => Number(r.miles));
  }

  /** Jobs per physicist (any slot), with role; physicists without jobs count 0. */
  async workload(): Promise<{ name: string; role: 'lead' | 'dataacq'; jobs: number }[]> {
    const { rows } = await sql<{ name: string; role: 'lead' | 'dataacq'; jobs: number }>`
      select p.name, p.role, count(j.id)::int as jobs
      from physicists p
      left join jobs j on j.assigned_lead_id = p.id or j.assigned_data_acq_id = p.id
      group by p.id, p.name, p.role
      order by p.name`.execute(this.db);
    return rows;
  }

  /** The most recent completed optimisation run (not a kit assignment or restore), or null. */
  async lastRun(): Promise<LastRun | null> {
    const row = await this.db
      .selectFrom('optimization_runs')
      .select([
        'algorithm',
        sql<string>`to_char(finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as(
          'finished_at',
        ),
        sql<number>`(objective->>'total')::float8`.as('objective_total'),
      ])
      .where('kind', '=', 'optimization')
      .where('algorithm', 'is not', null)
      .$narrowType<{ algorithm: string }>()
      .orderBy('finished_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }
}
