import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** One job's kit after the path cover. */
export interface JobKitWrite {
  id: number;
  kit: number | null;
  kitLocation: string | null;
}

/** SQL of automated kit assignment. */
export class KitAssignmentRepository {
  /**
   * Writes kits and kit_location of many jobs in one statement; pinned kits are
   * kept by the SQL itself, and only changed rows get a new version.
   */
  async writeKits(rows: JobKitWrite[], db: Kysely<DB>): Promise<number> {
    if (rows.length === 0) return 0;
    const result = await sql`
      update jobs as j set
        assigned_kit_id = case when j.kit_pinned then j.assigned_kit_id else u.kit end,
        assigned_kit_name = case when j.kit_pinned then j.assigned_kit_name else null end,
        kit_location = u.loc,
        version = j.version + 1
      from unnest(
        ${rows.map((r) => r.id)}::int[],
        ${rows.map((r) => r.kit)}::int[],
        ${rows.map((r) => r.kitLocation)}::text[]
      ) as u(id, kit, loc)
      where j.id = u.id
        and (j.kit_location is distinct from u.loc
          or (not j.kit_pinned and (j.assigned_kit_id is distinct from u.kit or j.assigned_kit_name is not null)))`.execute(
      db,
    );
    return Number(result.numAffectedRows ?? 0n);
  }
}
