import type { RunChange } from '@meridian/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Rows per statement: one array parameter per column, whatever the count. */
const CHUNK = 10_000;

/** The run_changes table: every slot a recorded run changed. */
export class RunChangesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Stores a run's changed slots (in the transaction that wrote them). */
  async insert(runId: number, changes: readonly RunChange[], db: Kysely<DB>): Promise<void> {
    for (let from = 0; from < changes.length; from += CHUNK) {
      const part = changes.slice(from, from + CHUNK);
      const col = <T>(pick: (c: RunChange) => T): T[] => part.map(pick);
      await sql`insert into run_changes
          (run_id, job_id, slot, before_id, before_name, after_id, after_name)
        select ${runId}::int, * from unnest(
          ${col((c) => c.job_id)}::int[], ${col((c) => c.slot)}::text[],
          ${col((c) => c.before?.id ?? null)}::int[], ${col((c) => c.before?.name ?? null)}::text[],
          ${col((c) => c.after?.id ?? null)}::int[], ${col((c) => c.after?.name ?? null)}::text[])`.execute(
        db,
      );
    }
  }

  /** A run's changed slots by job and slot. */
  async list(runId: number, db: Kysely<DB> = this.db): Promise<RunChange[]> {
    const rows = await db
      .selectFrom('run_changes')
      .selectAll()
      .where('run_id', '=', runId)
      .orderBy('job_id')
      .orderBy('slot')
      .execute();
    const value = (id: number | null, name: string | null) =>
      id === null && name === null ? null : { id, name: name ?? `#${id}` };
    return rows.map((r) => ({
      job_id: r.job_id,
      slot: r.slot,
      before: value(r.before_id, r.before_name),
      after: value(r.after_id, r.after_name),
    }));
  }
}
