import type { Objective } from '@meridian/domain';
import type { ProposalChange } from '@meridian/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, ProposalsTable } from '../db/schema';

/** A stored proposal row. */
export type ProposalRow = Selectable<ProposalsTable>;

/** What a what-if supposes, as stored. */
export interface StoredAbsence {
  kind: 'physicist' | 'kit';
  id: number;
  name: string;
  start: string;
  end: string;
}

/**
 * What reproduces a preview's search (migration 0016): the parts of a run
 * record a replay reads, kept until an apply records them on its run.
 */
export interface PreviewSearch {
  algorithm: string;
  /** The solver's status (complete, timeout, ...). */
  status: string;
  seed: number;
  weights: unknown;
  timeLimitMs: number;
  maxIterations: number | null;
  iterations: Record<string, number>;
  /** The solver's replay recipe (stats.replay), null when it recorded none. */
  replay: unknown;
  replayBlocker: string | null;
  /** Input fingerprint of the instance the search read. */
  inputFingerprint: string;
  bound: number | null;
}

/** A proposal's result, written when its task finishes. */
export interface ProposalResult {
  changes: ProposalChange[];
  unfilled: { job_id: number; slot: ProposalChange['slot'] }[];
  objectiveBefore: Objective;
  objectiveAfter: Objective;
  exact: boolean | null;
  planFingerprint: string;
  /** A preview's search; absent for a what-if (a repair, not a search). */
  search?: PreviewSearch;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** The proposals table: what-if and preview results; the only writer of that table. */
export class ProposalsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Stores a pending proposal for a task that is about to be queued; its id. */
  async insertPending(
    row: {
      taskId: string;
      source: ProposalsTable['source'];
      absence: StoredAbsence | null;
      algorithm: string | null;
      createdBy: number | null;
    },
    db: Kysely<DB> = this.db,
  ): Promise<number> {
    const inserted = await db
      .insertInto('proposals')
      .values({
        task_id: row.taskId,
        source: row.source,
        absence: row.absence === null ? null : json(row.absence),
        algorithm: row.algorithm,
        plan_fingerprint: null,
        objective_before: null,
        objective_after: null,
        exact: null,
        created_by: row.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  /** The proposal a task makes, if any. */
  findByTask(taskId: string, db: Kysely<DB> = this.db): Promise<ProposalRow | undefined> {
    return db.selectFrom('proposals').selectAll().where('task_id', '=', taskId).executeTakeFirst();
  }

  /** One proposal; `forUpdate` row-locks it for a decision. */
  find(id: number, db: Kysely<DB> = this.db, forUpdate = false): Promise<ProposalRow | undefined> {
    const query = db.selectFrom('proposals').selectAll().where('id', '=', id);
    return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  }

  /** Writes a finished task's result and makes the proposal ready. */
  async complete(id: number, result: ProposalResult, db: Kysely<DB> = this.db): Promise<void> {
    await db
      .updateTable('proposals')
      .set({
        status: 'ready',
        changes: json(result.changes),
        unfilled: json(result.unfilled),
        objective_before: json(result.objectiveBefore),
        objective_after: json(result.objectiveAfter),
        exact: result.exact,
        plan_fingerprint: result.planFingerprint,
        search: result.search === undefined ? null : json(result.search),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Marks a proposal failed (its task failed or was cancelled). */
  async fail(taskId: string, db: Kysely<DB> = this.db): Promise<void> {
    await db
      .updateTable('proposals')
      .set({ status: 'failed' })
      .where('task_id', '=', taskId)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Records a decision on a ready proposal. */
  async decide(
    id: number,
    status: 'applied' | 'discarded',
    db: Kysely<DB> = this.db,
  ): Promise<void> {
    await db
      .updateTable('proposals')
      .set({ status, decided_at: new Date() })
      .where('id', '=', id)
      .execute();
  }
}
