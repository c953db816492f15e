import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// Set-based writes of many jobs at once, for JobsRepository only (the jobs
// table's one owner). Each chunk is one statement with one array parameter
// per column, whatever its row count.
const CHUNK = 10_000;

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

/** Inserts jobs with unnest, in order, so ids follow the file. */
export async function insertJobs(rows: readonly JobInsert[], db: Kysely<DB>): Promise<number> {
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

/** A recomputed job: only rows whose reason or region changed are written. */
export interface AnalysisUpdate {
  id: number;
  reason: string;
  region: string | null;
}

/** Writes reasons and regions from arrays (an UPDATE ... FROM unnest), bumping each version. */
export async function writeAnalysis(
  rows: readonly AnalysisUpdate[],
  db: Kysely<DB>,
): Promise<void> {
  for (let from = 0; from < rows.length; from += CHUNK) {
    const part = rows.slice(from, from + CHUNK);
    await sql`update jobs set reason = u.reason, region = u.region, version = jobs.version + 1
      from unnest(${part.map((r) => r.id)}::int[], ${part.map((r) => r.reason)}::text[],
        ${part.map((r) => r.region)}::text[]) as u(id, reason, region)
      where jobs.id = u.id`.execute(db);
  }
}

/** One job's kit after the path cover (null: no kit free for it). */
export interface JobKitWrite {
  id: number;
  kit: number | null;
}

/**
 * Writes the kits of many jobs in one statement; pinned kits are kept by the
 * SQL itself, and only changed rows get a new version. Where each kit comes
 * from is not stored: jobs.repository.ts derives it from the routes.
 */
export async function writeKits(rows: JobKitWrite[], db: Kysely<DB>): Promise<number> {
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

/** One job's new slots and reason after a run. */
export interface JobSlotsWrite {
  id: number;
  lead: number | null;
  acq: number | null;
  reason: string;
}

/**
 * Writes lead and data-acq slots of many jobs in one statement. Pinned slots
 * are kept by the SQL itself (whatever the caller sends); the version goes up
 * only on rows that really change, so open editors reload just those.
 */
export async function writeOptimizedSlots(rows: JobSlotsWrite[], db: Kysely<DB>): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await sql`
    update jobs as j set
      assigned_lead_id = case when j.lead_pinned then j.assigned_lead_id else u.lead end,
      assigned_lead_name = case when j.lead_pinned then j.assigned_lead_name else null end,
      assigned_data_acq_id = case when j.data_acq_pinned then j.assigned_data_acq_id else u.acq end,
      assigned_data_acq_name = case when j.data_acq_pinned then j.assigned_data_acq_name else null end,
      reason = u.reason,
      version = j.version + 1
    from unnest(
      ${rows.map((r) => r.id)}::int[],
      ${rows.map((r) => r.lead)}::int[],
      ${rows.map((r) => r.acq)}::int[],
      ${rows.map((r) => r.reason)}::text[]
    ) as u(id, lead, acq, reason)
    where j.id = u.id
      and (j.reason is distinct from u.reason
        or (not j.lead_pinned and (j.assigned_lead_id is distinct from u.lead or j.assigned_lead_name is not null))
        or (not j.data_acq_pinned and (j.assigned_data_acq_id is distinct from u.acq or j.assigned_data_acq_name is not null)))`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0n);
}
