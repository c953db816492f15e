import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// Writes of one job's slots and of every job holding one person or kit, for
// JobsRepository only (the jobs table's one owner).

/** Another job that holds a person or kit on overlapping days. */
export interface ClashingJob {
  id: number;
  customer: string;
  start: string;
  end: string;
}

/** The slot columns of one role on a job. */
export const SLOT_COLUMNS = {
  lead: { id: 'assigned_lead_id', name: 'assigned_lead_name', pinned: 'lead_pinned' },
  data_acq: {
    id: 'assigned_data_acq_id',
    name: 'assigned_data_acq_name',
    pinned: 'data_acq_pinned',
  },
  kit: { id: 'assigned_kit_id', name: 'assigned_kit_name', pinned: 'kit_pinned' },
} as const;

/** A job slot: lead, data_acq or kit. */
export type Slot = keyof typeof SLOT_COLUMNS;

/** The first other job on overlapping days that holds `id` in any of the given columns. */
export async function clash(
  columns: readonly ('assigned_lead_id' | 'assigned_data_acq_id' | 'assigned_kit_id')[],
  id: number,
  job: { id: number; start: string; end: string },
  db: Kysely<DB>,
): Promise<ClashingJob | undefined> {
  return db
    .selectFrom('jobs')
    .select([
      'id',
      'customer',
      sql<string>`start_date::text`.as('start'),
      sql<string>`end_date::text`.as('end'),
    ])
    .where('id', '<>', job.id)
    .where((eb) => eb.or(columns.map((c) => eb(c, '=', id))))
    .where(sql<string>`start_date`, '<=', job.end)
    .where(sql<string>`end_date`, '>=', job.start)
    .orderBy('start_date')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Sets (or clears, with null) one slot, pinning it when set, and bumps the
 * version so an editor holding the old row reloads before overwriting it.
 */
export async function setSlot(
  jobId: number,
  slot: Slot,
  id: number | null,
  reason: string | null,
  db: Kysely<DB>,
): Promise<void> {
  const c = SLOT_COLUMNS[slot];
  await db
    .updateTable('jobs')
    .set({
      [c.id]: id,
      [c.name]: null,
      [c.pinned]: id !== null,
      ...(reason === null ? {} : { reason }),
      version: sql`version + 1`,
    })
    .where('id', '=', jobId)
    .execute();
}

/** Empties the physicist's slots on every job (and unpins them); returns how many jobs. */
export async function clearPhysician(id: number, db: Kysely<DB>): Promise<number> {
  const lead = await db
    .updateTable('jobs')
    .set({
      assigned_lead_id: null,
      assigned_lead_name: null,
      lead_pinned: false,
      version: sql`version + 1`,
    })
    .where('assigned_lead_id', '=', id)
    .executeTakeFirst();
  const acq = await db
    .updateTable('jobs')
    .set({
      assigned_data_acq_id: null,
      assigned_data_acq_name: null,
      data_acq_pinned: false,
      version: sql`version + 1`,
    })
    .where('assigned_data_acq_id', '=', id)
    .executeTakeFirst();
  return Number(lead.numUpdatedRows + acq.numUpdatedRows);
}

/**
 * Row-locks the jobs holding this kit, in id order. Writers that change a
 * kit and its jobs take the jobs first, as manual assignment does (job,
 * then kit), so the two wait for each other instead of deadlocking.
 */
export async function lockHoldingKit(id: number, db: Kysely<DB>): Promise<void> {
  await db
    .selectFrom('jobs')
    .select('id')
    .where('assigned_kit_id', '=', id)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Empties this kit's slot, unpinned and with a new version, on every job
 * holding it, or with `after` only on those starting after that day or not
 * dated yet (a kit going into maintenance); returns the jobs' ids.
 */
export async function clearKit(id: number, db: Kysely<DB>, after?: string): Promise<number[]> {
  let query = db
    .updateTable('jobs')
    .set({
      assigned_kit_id: null,
      assigned_kit_name: null,
      kit_pinned: false,
      version: sql`version + 1`,
    })
    .where('assigned_kit_id', '=', id);
  if (after !== undefined) {
    query = query.where((eb) =>
      eb.or([eb('start_date', 'is', null), eb(sql<string>`start_date`, '>', after)]),
    );
  }
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The lock of each slot of a job. */
export interface SlotPins {
  lead: boolean;
  data_acq: boolean;
  kit: boolean;
}

/** Sets the locks (pinned flags) of a job's slots, holders unchanged, with a new version. */
export async function setPins(jobId: number, pins: SlotPins, db: Kysely<DB>): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      lead_pinned: pins.lead,
      data_acq_pinned: pins.data_acq,
      kit_pinned: pins.kit,
      version: sql`version + 1`,
    })
    .where('id', '=', jobId)
    .execute();
}

/** One slot an applied proposal writes. */
export interface SlotChangeWrite {
  id: number;
  slot: Slot;
  value: number | null;
  /** Unlock the slot as well (a proposal broke its lock). */
  unpin: boolean;
  /** The job's new reason text; absent keeps it. */
  reason?: string;
}

/**
 * Writes a proposal's slots, keeping each slot's lock unless told to unlock
 * it, and bumps each row's version so open editors reload.
 */
export async function writeSlotChanges(
  rows: readonly SlotChangeWrite[],
  db: Kysely<DB>,
): Promise<void> {
  for (const row of rows) {
    const c = SLOT_COLUMNS[row.slot];
    await db
      .updateTable('jobs')
      .set({
        [c.id]: row.value,
        [c.name]: null,
        ...(row.unpin ? { [c.pinned]: false } : {}),
        ...(row.reason === undefined ? {} : { reason: row.reason }),
        version: sql`version + 1`,
      })
      .where('id', '=', row.id)
      .execute();
  }
}
