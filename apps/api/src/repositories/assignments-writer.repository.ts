import type { Objective } from '@meridian/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** One job's new slots and reason after a run. */
export interface JobSlotsWrite {
  id: number;
  lead: number | null;
  acq: number | null;
  reason: string;
}

/** What is recorded about a completed run. */
export interface RunRecord {
  taskId: string;
  algorithm: string;
  status: string;
  weights: unknown;
  seed: number;
  objective: Objective;
  bound: number | null;
  elapsedMs: number;
  jobsAssigned: number;
  jobsTotal: number;
  createdBy: number | null;
}

/** SQL that writes a completed optimisation: slots, reasons and the run record. */
export class AssignmentsWriterRepository {
  /**
   * Writes lead and data-acq slots of many jobs in one statement. Pinned slots
   * are kept by the SQL itself (whatever the caller sends); the version goes up
   * only on rows that really change, so open editors reload just those.
   */
  async writeSlots(rows: JobSlotsWrite[], db: Kysely<DB>): Promise<number> {
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

  /** Records a completed run (analytics last_run). */
  async recordRun(run: RunRecord, db: Kysely<DB>): Promise<void> {
    await db
      .insertInto('optimization_runs')
      .values({
        task_id: run.taskId,
        algorithm: run.algorithm,
        status: run.status,
        weights: sql`${JSON.stringify(run.weights)}::jsonb`,
        seed: run.seed,
        objective: sql`${JSON.stringify(run.objective)}::jsonb`,
        bound: run.bound,
        elapsed_ms: run.elapsedMs,
        jobs_assigned: run.jobsAssigned,
        jobs_total: run.jobsTotal,
        created_by: run.createdBy,
      })
      .execute();
  }
}
