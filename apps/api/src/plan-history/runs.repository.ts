import { PlanSummarySchema, type PlanSummary, type Run, type RunKind } from '@meridian/contracts';
import { StoredObjectiveSchema, type Objective } from '@meridian/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { RunPlanning } from '../services/instance-builder';
import type { RepairInput } from './proposals.repository';

/** What is recorded about a completed run (a plan revision). */
export interface RunRecord {
  kind: RunKind;
  taskId: string | null;
  algorithm: string | null;
  status: string;
  weights: unknown;
  seed: number | null;
  /** F's parts after the run. */
  objective: Objective;
  objectiveBefore: Objective;
  inputFingerprint: string;
  bound: number | null;
  elapsedMs: number;
  timeLimitMs: number | null;
  maxIterations: number | null;
  /** Iterations each method ran, by method. */
  iterations: Record<string, number>;
  /** The solver's replay recipe (stats.replay); absent for writes that are not solver runs. */
  replay?: unknown;
  /** Why the run cannot be reproduced from its recipe; absent or null when it can. */
  replayBlocker?: string | null;
  /** An applied what-if's repair input (migration 0018); absent for every other run. */
  repair?: RepairInput;
  jobsAssigned: number;
  jobsTotal: number;
  changedSlots: number;
  restoredRunId: number | null;
  /** Jobs whose reason text the run rewrote. */
  reasons: readonly ReasonChange[];
  createdBy: number | null;
  /** Where it started (window, scope, plan before it): what a replay reads again. */
  planning: RunPlanning;
  /** What it did, in words and in counts. */
  headline: string;
  summary: PlanSummary;
  /** A correction's reason (kind 'correction'); absent on every other run. */
  correctionReason?: string;
}

/** A job's reason text before and after a run. */
export interface ReasonChange {
  job_id: number;
  before: string;
  after: string;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** The optimization_runs table: one record per plan revision. */
/** A leave record as a restore removed it. */
export interface RemovedLeave {
  physicist_name: string;
  start_date: string;
  end_date: string;
}

export class RunsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Records a completed run (in the caller's transaction, with the write it describes); its id. */
  async recordRun(run: RunRecord, db: Kysely<DB>): Promise<number> {
    const row = await db
      .insertInto('optimization_runs')
      .values({
        kind: run.kind,
        task_id: run.taskId,
        algorithm: run.algorithm,
        status: run.status,
        weights: json(run.weights),
        seed: run.seed,
        objective: json(run.objective),
        objective_before: json(run.objectiveBefore),
        input_fingerprint: run.inputFingerprint,
        bound: run.bound,
        elapsed_ms: run.elapsedMs,
        time_limit_ms: run.timeLimitMs,
        max_iterations: run.maxIterations,
        iterations: json(run.iterations),
        replay: run.replay === undefined ? null : json(run.replay),
        replay_blocker: run.replayBlocker ?? null,
        repair: run.repair === undefined ? null : json(run.repair),
        jobs_assigned: run.jobsAssigned,
        jobs_total: run.jobsTotal,
        changed_slots: run.changedSlots,
        restored_run_id: run.restoredRunId,
        reasons: json(run.reasons.map((r) => [r.job_id, r.before, r.after])),
        created_by: run.createdBy,
        planning: json(run.planning),
        scope: run.planning.scope,
        headline: run.headline,
        summary: json(run.summary),
        correction_reason: run.correctionReason ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Recorded runs, newest first. */
  list(limit: number, db: Kysely<DB> = this.db): Promise<Run[]> {
    return selectRuns(db)
      .limit(limit)
      .execute()
      .then((rows) => rows.map(toRun));
  }

  /** The reason texts a run rewrote (read apart: they are large and only an undo needs them). */
  async reasons(id: number, db: Kysely<DB> = this.db): Promise<ReasonChange[]> {
    const row = await db
      .selectFrom('optimization_runs')
      .select('reasons')
      .where('id', '=', id)
      .executeTakeFirst();
    const list = (row?.reasons ?? []) as [number, string, string][];
    return list.map(([job_id, before, after]) => ({ job_id, before, after }));
  }

  /** One recorded run, or undefined. */
  async find(id: number, db: Kysely<DB> = this.db): Promise<Run | undefined> {
    const row = await selectRuns(db).where('r.id', '=', id).executeTakeFirst();
    return row && toRun(row);
  }

  /** Keeps the leave a restore removed with the restore's run, so undoing the restore records it again. */
  async keepRemovedLeave(
    id: number,
    leave: readonly RemovedLeave[],
    db: Kysely<DB>,
  ): Promise<void> {
    if (leave.length === 0) return;
    const rows = leave.map((l) => ({
      physicist_name: l.physicist_name,
      start_date: l.start_date,
      end_date: l.end_date,
    }));
    await db
      .updateTable('optimization_runs')
      .set({ removed_leave: json(rows) })
      .where('id', '=', id)
      .execute();
  }

  /** The leave a restore removed (none for any other run). */
  async removedLeave(id: number, db: Kysely<DB> = this.db): Promise<RemovedLeave[]> {
    const row = await db
      .selectFrom('optimization_runs')
      .select('removed_leave')
      .where('id', '=', id)
      .executeTakeFirst();
    return (row?.removed_leave ?? []) as RemovedLeave[];
  }

  /** What reproduces a run (its solver's recipe, or why it cannot), read apart: only a replay needs it. */
  async replayOf(
    id: number,
    db: Kysely<DB> = this.db,
  ): Promise<{ recipe: unknown; blocker: string | null } | undefined> {
    const row = await db
      .selectFrom('optimization_runs')
      .select(['replay', 'replay_blocker'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { recipe: row.replay ?? null, blocker: row.replay_blocker };
  }

  /** Where a run started (window, scope, plan before it), read apart; null before runs kept it. */
  async planningOf(id: number, db: Kysely<DB> = this.db): Promise<RunPlanning | null> {
    const row = await db
      .selectFrom('optimization_runs')
      .select('planning')
      .where('id', '=', id)
      .executeTakeFirst();
    return (row?.planning ?? null) as RunPlanning | null;
  }

  /** What reproduces an applied what-if (its repair's input), read apart; null when none is kept. */
  async repairOf(id: number, db: Kysely<DB> = this.db): Promise<RepairInput | null> {
    const row = await db
      .selectFrom('optimization_runs')
      .select('repair')
      .where('id', '=', id)
      .executeTakeFirst();
    return (row?.repair ?? null) as RepairInput | null;
  }
}

/** Runs with who started them, newest first. */
function selectRuns(db: Kysely<DB>) {
  return db
    .selectFrom('optimization_runs as r')
    .leftJoin('users as u', 'u.id', 'r.created_by')
    .select([
      'r.id',
      'r.kind',
      'r.algorithm',
      'r.status',
      'r.seed',
      'r.weights',
      'r.time_limit_ms',
      'r.max_iterations',
      'r.iterations',
      'r.input_fingerprint',
      'r.objective_before',
      'r.objective',
      'r.changed_slots',
      'r.restored_run_id',
      'r.headline',
      'r.summary',
      'r.scope',
      'r.correction_reason',
      'u.username as created_by',
      sql<string>`to_char(r.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
        'finished_at',
      ),
    ])
    .orderBy('r.finished_at', 'desc')
    .orderBy('r.id', 'desc');
}

type RunRow = Awaited<ReturnType<ReturnType<typeof selectRuns>['execute']>>[number];

function toRun(row: RunRow): Run {
  return {
    id: row.id,
    kind: row.kind as RunKind,
    algorithm: row.algorithm,
    status: row.status,
    seed: row.seed,
    weights: row.weights,
    time_limit_ms: row.time_limit_ms,
    max_iterations: row.max_iterations,
    iterations: (row.iterations ?? {}) as Record<string, number>,
    input_fingerprint: row.input_fingerprint,
    objective_before:
      row.objective_before == null ? null : StoredObjectiveSchema.parse(row.objective_before),
    objective_after: StoredObjectiveSchema.parse(row.objective),
    changed_slots: row.changed_slots,
    restored_run_id: row.restored_run_id,
    created_by: row.created_by ?? null,
    finished_at: row.finished_at,
    headline: row.headline,
    summary: row.summary == null ? null : PlanSummarySchema.parse(row.summary),
    scope: row.scope,
    reason: row.correction_reason,
  };
}
