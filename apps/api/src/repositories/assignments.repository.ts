import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

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

/** SQL of manual assignment: clash look-ups and the slot write. */
export class AssignmentsRepository {
  /** The first other job on overlapping days that holds `id` in any of the given columns. */
  async clash(
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
  async setSlot(
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
}
