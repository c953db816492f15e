import type { Objective } from '@meridian/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

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

/** The optimization_runs table: one record per completed run. */
export class RunsRepository {
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
