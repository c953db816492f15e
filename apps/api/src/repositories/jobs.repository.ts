import type { PlainJobRecord } from '@meridian/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import * as bulk from './jobs/bulk-writes';
import * as plan from './jobs/plan-slots';
import * as slots from './jobs/slot-writes';

export type { AnalysisUpdate, JobInsert, JobKitWrite, JobSlotsWrite } from './jobs/bulk-writes';
export type { PlanSlots, SlotRestore, SlotValue } from './jobs/plan-slots';
export {
  SLOT_COLUMNS,
  type ClashingJob,
  type Slot,
  type SlotChangeWrite,
  type SlotPins,
} from './jobs/slot-writes';

/** The stored (not derived) fields a job is written with. */
export interface JobWrite {
  customer: string;
  location: string;
  zip_code: string;
  package: string;
  start_date: string | null;
  end_date: string | null;
  reason: string;
  region: string | null;
}

/** A job as stored, with dates as text: what the rules of assignment read. */
export interface StoredJob {
  id: number;
  customer: string;
  zip_code: string;
  start: string | null;
  end: string | null;
  reason: string;
  version: number;
  assigned_lead_id: number | null;
  assigned_data_acq_id: number | null;
  assigned_kit_id: number | null;
}

/**
 * Where each dated job's kit comes from: the zip of the kit's previous job in
 * date order (docs/optimization.md: a kit travels from its location to its first
 * job, then job to job in date order), null for the kit's first job. Derived
 * from the stored assignments rather than stored itself, so a manual override,
 * a cleared or deleted kit, a moved kit, an edited date or zip and an upload
 * can never leave an origin behind that no longer holds. `onlyKitOfJob` limits
 * the window to one kit's jobs (reading one job should not sort them all).
 */
function kitRoutes(db: Kysely<DB>, onlyKitOfJob?: number) {
  const dated = db
    .selectFrom('jobs')
    .select([
      'id',
      sql<
        string | null
      >`lag(zip_code) over (partition by assigned_kit_id order by start_date, end_date, id)`.as(
        'previous_zip',
      ),
    ])
    .where('assigned_kit_id', 'is not', null)
    .where('start_date', 'is not', null);
  return onlyKitOfJob === undefined
    ? dated
    : dated.where(
        'assigned_kit_id',
        '=',
        db.selectFrom('jobs').select('assigned_kit_id').where('id', '=', onlyKitOfJob),
      );
}

/**
 * The job as the API shows it: duration from the dates, assigned names from the
 * linked rows (the stored text only when nothing is linked), kit_location from
 * the kit's route (its previous job's zip, else the kit's own location), so a
 * renamed physicist, a moved kit or a changed route is right everywhere at once.
 */
function selectJobs(db: Kysely<DB>, onlyKitOfJob?: number) {
  return db
    .selectFrom('jobs as j')
    .leftJoin('physicists as l', 'l.id', 'j.assigned_lead_id')
    .leftJoin('physicists as a', 'a.id', 'j.assigned_data_acq_id')
    .leftJoin('kits as k', 'k.id', 'j.assigned_kit_id')
    .leftJoin(kitRoutes(db, onlyKitOfJob).as('r'), 'r.id', 'j.id')
    .select([
      'j.id',
      'j.customer',
      'j.location',
      'j.zip_code',
      'j.package',
      sql<string | null>`j.start_date::text`.as('start'),
      sql<string | null>`j.end_date::text`.as('end'),
      sql<number | null>`(j.end_date - j.start_date + 1)::int`.as('duration'),
      'j.reason',
      'j.version',
      sql<string | null>`coalesce(l.name, j.assigned_lead_name)`.as('assigned_lead'),
      'j.assigned_lead_id',
      sql<string | null>`coalesce(a.name, j.assigned_data_acq_name)`.as('assigned_data_acq'),
      'j.assigned_data_acq_id',
      'j.assigned_kit_id',
      sql<string | null>`coalesce(k.name, j.assigned_kit_name)`.as('assigned_kit_name'),
      sql<string | null>`coalesce(r.previous_zip, k.current_location_zip)`.as('kit_location'),
      'j.region',
      'j.lead_pinned',
      'j.data_acq_pinned',
      'j.kit_pinned',
    ]);
}

/**
 * The jobs table's one owner: every write to it goes through here (the
 * bulk and per-slot SQL lives in ./jobs/). Methods take the handle to use
 * so callers can pass a transaction.
 */
export class JobsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Every job, undated (new, blank) ones first, then by start date. The rows
   * are aggregated to one JSON text in the database: on the embedded database
   * that is about four times faster at 10,000 jobs than reading row by row.
   */
  async list(db: Kysely<DB> = this.db): Promise<PlainJobRecord[]> {
    const row = await db
      .selectFrom(selectJobs(db).as('x'))
      .select(
        sql<string>`coalesce(json_agg(x order by x.start asc nulls first, x.id), '[]')::text`.as(
          'list',
        ),
      )
      .executeTakeFirstOrThrow();
    return JSON.parse(row.list) as PlainJobRecord[];
  }

  /**
   * Opens a cursor over the whole list, in list()'s order: read it with
   * fetchListChunk inside the transaction that opened it, whose snapshot the
   * list is. The joins and the sort run once, at the first fetch (in the
   * database process on PostgreSQL, on the main thread on the embedded one:
   * tens of milliseconds at 10,000 jobs); each fetch after that only hands
   * over and decodes its rows, so a long list is read a chunk at a time with
   * the event loop free between chunks.
   */
  async openListCursor(trx: Transaction<DB>): Promise<void> {
    const jobs = selectJobs(trx)
      .orderBy(sql`j.start_date asc nulls first`)
      .orderBy('j.id');
    await sql`declare job_list no scroll cursor for ${jobs}`.execute(trx);
  }

  /** The next `limit` jobs of the cursor openListCursor opened (fewer at its end). */
  async fetchListChunk(trx: Transaction<DB>, limit: number): Promise<PlainJobRecord[]> {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`Invalid chunk size ${limit}`);
    const { rows } =
      await sql<PlainJobRecord>`fetch forward ${sql.lit(limit)} from job_list`.execute(trx);
    return rows;
  }

  /** One job as the API shows it. */
  find(id: number, db: Kysely<DB> = this.db): Promise<PlainJobRecord | undefined> {
    return selectJobs(db, id).where('j.id', '=', id).executeTakeFirst();
  }

  /** The stored fields of one job, locked for update when inside a transaction. */
  findStored(id: number, db: Kysely<DB> = this.db): Promise<StoredJob | undefined> {
    return db
      .selectFrom('jobs')
      .select([
        'id',
        'customer',
        'zip_code',
        sql<string | null>`start_date::text`.as('start'),
        sql<string | null>`end_date::text`.as('end'),
        'reason',
        'version',
        'assigned_lead_id',
        'assigned_data_acq_id',
        'assigned_kit_id',
      ])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Inserts a blank job (POST /jobs/) and returns its id. */
  async insertBlank(db: Kysely<DB> = this.db): Promise<number> {
    const row = await db
      .insertInto('jobs')
      .defaultValues()
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Writes the editable fields only if the stored version is still `version`
   * (optimistic locking inside the UPDATE); true when the row was written.
   */
  async updateIfVersion(
    id: number,
    version: number,
    fields: JobWrite,
    db: Kysely<DB> = this.db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('jobs')
      .set({ ...fields, version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Deletes a job; true when a row was removed. */
  async delete(id: number, db: Kysely<DB> = this.db): Promise<boolean> {
    const result = await db.deleteFrom('jobs').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Number of jobs. */
  async count(db: Kysely<DB> = this.db): Promise<number> {
    const row = await db
      .selectFrom('jobs')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** The first other job on overlapping days that holds `id` in any of the given slot columns. */
  clash(
    columns: readonly ('assigned_lead_id' | 'assigned_data_acq_id' | 'assigned_kit_id')[],
    id: number,
    job: { id: number; start: string; end: string },
    db: Kysely<DB> = this.db,
  ): Promise<slots.ClashingJob | undefined> {
    return slots.clash(columns, id, job, db);
  }

  /** Sets (or clears, with null) one slot, pinned when set, with a new version. */
  setSlot(
    jobId: number,
    slot: slots.Slot,
    id: number | null,
    reason: string | null,
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    return slots.setSlot(jobId, slot, id, reason, db);
  }

  /** Locks or unlocks each slot of a job (holders unchanged), with a new version. */
  setPins(jobId: number, pins: slots.SlotPins, db: Kysely<DB> = this.db): Promise<void> {
    return slots.setPins(jobId, pins, db);
  }

  /** Empties a physicist's slots on every job (and unpins them); returns how many slots. */
  clearPhysician(id: number, db: Kysely<DB> = this.db): Promise<number> {
    return slots.clearPhysician(id, db);
  }

  /** Row-locks the jobs holding a kit, in id order (jobs before kits: no deadlock). */
  lockHoldingKit(id: number, db: Kysely<DB> = this.db): Promise<void> {
    return slots.lockHoldingKit(id, db);
  }

  /** Empties a kit's slot on every job holding it (or only on those after `after`); their ids. */
  clearKit(id: number, db: Kysely<DB> = this.db, after?: string): Promise<number[]> {
    return slots.clearKit(id, db, after);
  }

  /**
   * Locks what an optimisation's plan write depends on, before it re-reads
   * them: leave (SHARE: new leave waits until the plan is written), every job
   * and then every physicist, in id order (the order manual assignments and
   * date edits lock a job, then a person), so nothing committed between the
   * re-read and the write can double-book anyone.
   */
  async lockForPlanWrite(db: Kysely<DB> = this.db): Promise<void> {
    await sql`lock table unavailability in share mode`.execute(db);
    await this.lockAll(db);
    await db.selectFrom('physicists').select('id').orderBy('id').forUpdate().execute();
  }

  /** Row-locks every job in id order (automated kit assignment; kits are locked after). */
  async lockAll(db: Kysely<DB> = this.db): Promise<void> {
    await db.selectFrom('jobs').select('id').orderBy('id').forUpdate().execute();
  }

  /** Deletes every job (the "replace all" upload, inside its transaction). */
  async deleteAll(db: Kysely<DB> = this.db): Promise<void> {
    await db.deleteFrom('jobs').execute();
  }

  /** Inserts uploaded jobs in file order (ids follow the file); returns how many. */
  insertMany(rows: readonly bulk.JobInsert[], db: Kysely<DB> = this.db): Promise<number> {
    return bulk.insertJobs(rows, db);
  }

  /** Writes recomputed reasons and regions (POST /analyze/). */
  writeAnalysis(rows: readonly bulk.AnalysisUpdate[], db: Kysely<DB> = this.db): Promise<void> {
    return bulk.writeAnalysis(rows, db);
  }

  /** Writes automated kits, keeping pinned ones; returns how many rows changed. */
  writeKits(rows: bulk.JobKitWrite[], db: Kysely<DB> = this.db): Promise<number> {
    return bulk.writeKits(rows, db);
  }

  /** Writes an optimisation's lead and data-acq slots, keeping pinned ones; rows changed. */
  writeOptimizedSlots(rows: bulk.JobSlotsWrite[], db: Kysely<DB> = this.db): Promise<number> {
    return bulk.writeOptimizedSlots(rows, db);
  }

  /** Writes an applied proposal's slots (locks kept unless a change says to unlock). */
  writeSlotChanges(
    rows: readonly slots.SlotChangeWrite[],
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    return slots.writeSlotChanges(rows, db);
  }

  /** Every job's slots (or those of `ids`) with display names: what a recorded run compares. */
  planSlots(db: Kysely<DB> = this.db, ids?: readonly number[]): Promise<plan.PlanSlots[]> {
    return plan.readPlanSlots(db, ids);
  }

  /** Puts slots back as a run found them (unpinned), with reasons; rows written. */
  restorePlanSlots(rows: readonly plan.SlotRestore[], db: Kysely<DB> = this.db): Promise<number> {
    return plan.restorePlanSlots(rows, db);
  }
}
