import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** One job's kit after the path cover (null: no kit free for it). */
export interface JobKitWrite {
  id: number;
  kit: number | null;
}

/** SQL of automated kit assignment. */
export class KitAssignmentRepository {
  /**
   * Row-locks every job, then every kit, in id order: the order manual
   * assignment and kit edits take them in (a job before its kit), so these
   * writers queue behind each other instead of deadlocking.
   */
  async lockJobsAndKits(db: Kysely<DB>): Promise<void> {
    await db.selectFrom('jobs').select('id').orderBy('id').forUpdate().execute();
    await db.selectFrom('kits').select('id').orderBy('id').forUpdate().execute();
  }

  /**
   * Writes the kits of many jobs in one statement; pinned kits are kept by the
   * SQL itself, and only changed rows get a new version. Where each kit comes
   * from is not stored: jobs.repository.ts derives it from the routes.
   */
  async writeKits(rows: JobKitWrite[], db: Kysely<DB>): Promise<number> {
    if (rows.length === 0) return 0;
    const result = await sql`
      update jobs as j set
        assigned_kit_id = u.kit,
        assigned_kit_name = null,
        version = j.version + 1
      from unnest(
        ${rows.map((r) => r.id)}::int[],
        ${rows.map((r) => r.kit)}::int[]
      ) as u(id, kit)
      where j.id = u.id
        and not j.kit_pinned
        and (j.assigned_kit_id is distinct from u.kit or j.assigned_kit_name is not null)`.execute(
      db,
    );
    return Number(result.numAffectedRows ?? 0n);
  }
}
