import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A job as optimisation reads it: coordinates from zip_data (null when the zip is unknown). */
export interface PlanningJob {
  id: number;
  customer: string;
  zip_code: string;
  start: string | null;
  end: string | null;
  reason: string;
  lat: number | null;
  lon: number | null;
  assigned_lead_id: number | null;
  assigned_data_acq_id: number | null;
  assigned_kit_id: number | null;
  lead_pinned: boolean;
  data_acq_pinned: boolean;
  kit_pinned: boolean;
}

/** A physicist or kit with the coordinates of its zip (null when unknown). */
export interface PlacedPhysicist {
  id: number;
  name: string;
  role: 'lead' | 'dataacq';
  home_zip: string;
  lat: number | null;
  lon: number | null;
}

/** A kit with the coordinates of its location zip. */
export interface PlacedKit {
  id: number;
  name: string;
  current_location_zip: string;
  is_out_for_maintenance: boolean;
  lat: number | null;
  lon: number | null;
}

/**
 * The tables an instance is read from; their change counters say whether one
 * read is still current (InstanceBuilder.current). A table the builder comes
 * to read must be listed here and have a counter (migration 0007's trigger).
 */
const INSTANCE_TABLES = [
  'jobs',
  'physicists',
  'kits',
  'unavailability',
  'zip_data',
  'physicist_preferences',
];

/** Reads what an optimisation instance is built from; every method takes the handle (transactions). */
export class InstanceRepository {
  /**
   * The change counters (migration 0007: bumped by a trigger in the same
   * transaction as every write) of every table an instance is read from, as
   * one text: equal texts mean none of those tables was written in between.
   * Always read through `db`, never from memory, so a transaction sees what
   * it locked.
   */
  async versions(db: Kysely<DB>): Promise<string> {
    const rows = await db
      .selectFrom('data_versions')
      .select(['name', sql<string>`version::text`.as('version')])
      .where('name', 'in', INSTANCE_TABLES)
      .orderBy('name')
      .execute();
    return rows.map((r) => `${r.name}=${r.version}`).join(',');
  }

  /** Every job with its zip's coordinates, by start date. */
  jobs(db: Kysely<DB>): Promise<PlanningJob[]> {
    return db
      .selectFrom('jobs as j')
      .leftJoin('zip_data as z', 'z.zip_code', 'j.zip_code')
      .select([
        'j.id',
        'j.customer',
        'j.zip_code',
        sql<string | null>`j.start_date::text`.as('start'),
        sql<string | null>`j.end_date::text`.as('end'),
        'j.reason',
        sql<number | null>`z.lat`.as('lat'),
        sql<number | null>`z.lon`.as('lon'),
        'j.assigned_lead_id',
        'j.assigned_data_acq_id',
        'j.assigned_kit_id',
        'j.lead_pinned',
        'j.data_acq_pinned',
        'j.kit_pinned',
      ])
      .orderBy(sql`j.start_date asc nulls first`)
      .orderBy('j.id')
      .execute();
  }

  /** Every physicist with home coordinates. */
  physicists(db: Kysely<DB>): Promise<PlacedPhysicist[]> {
    return db
      .selectFrom('physicists as p')
      .leftJoin('zip_data as z', 'z.zip_code', 'p.home_zip')
      .select([
        'p.id',
        'p.name',
        'p.role',
        'p.home_zip',
        sql<number | null>`z.lat`.as('lat'),
        sql<number | null>`z.lon`.as('lon'),
      ])
      .orderBy('p.id')
      .execute();
  }

  /** Every kit with location coordinates. */
  kits(db: Kysely<DB>): Promise<PlacedKit[]> {
    return db
      .selectFrom('kits as k')
      .leftJoin('zip_data as z', 'z.zip_code', 'k.current_location_zip')
      .select([
        'k.id',
        'k.name',
        'k.current_location_zip',
        'k.is_out_for_maintenance',
        sql<number | null>`z.lat`.as('lat'),
        sql<number | null>`z.lon`.as('lon'),
      ])
      .orderBy('k.id')
      .execute();
  }

  /** Leave records: physicist name and inclusive dates; without those `notRecordedBy` (a run) recorded. */
  leave(
    db: Kysely<DB>,
    notRecordedBy?: number,
  ): Promise<{ physicist_name: string; start: string; end: string }[]> {
    const query = db
      .selectFrom('unavailability')
      .select([
        'physicist_name',
        sql<string>`start_date::text`.as('start'),
        sql<string>`end_date::text`.as('end'),
      ])
      .orderBy('id');
    if (notRecordedBy === undefined) return query.execute();
    return query
      .where((eb) =>
        eb.or([
          eb('recorded_by_run_id', 'is', null),
          eb('recorded_by_run_id', '!=', notRecordedBy),
        ]),
      )
      .execute();
  }

  /** Each physicist's stated preferences (migration 0023), sorted and unique as stored. */
  preferences(
    db: Kysely<DB>,
  ): Promise<{ physicist_id: number; avoid_dates: string[]; avoid_weekdays: number[] }[]> {
    return db
      .selectFrom('physicist_preferences')
      .select(['physicist_id', 'avoid_dates', 'avoid_weekdays'])
      .orderBy('physicist_id')
      .execute();
  }
}
