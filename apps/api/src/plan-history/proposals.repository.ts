import type { Objective, Weights } from '@meridian/domain';
import type { ProposalChange } from '@meridian/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, ProposalsTable } from '../db/schema';
import type { RunPlanning } from '../services/instance-builder';

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
  /** Where the search started (window, scope, plan before it); absent on previews stored before it. */
  planning?: RunPlanning;
}

/** One dated job's slots as a what-if's repair read them (instance ids as text), and which were pinned. */
export interface RecordedSlots {
  job_id: string;
  lead_id: string | null;
  data_acq_id: string | null;
  kit_id: string | null;
  lead_pinned: boolean;
  data_acq_pinned: boolean;
  kit_pinned: boolean;
}

/**
 * What reproduces a what-if's repair (migration 0018): its whole input and
 * the work it did, kept with the proposal until an apply records it on its
 * run. The repair is bounded by search nodes, never by the clock.
 */
export interface RepairInput {
  /** The plan before the repair: every dated job's slots and pins. */
  plan: RecordedSlots[];
  absence: { kind: 'physicist' | 'kit'; id: string; start: string; end: string };
  weights: Weights;
  /** The node limit the search ran under, and the nodes it visited. */
  maxNodes: number;
  nodes: number;
  /** Whether the search finished (the repair is proven smallest). */
  exact: boolean;
  /** sha256 over jobs, roster, leave, kits, weights and `plan` (plan-history/repair-input.ts). */
  inputFingerprint: string;
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
  /** A what-if's repair input; absent for a preview. */
  repair?: RepairInput;
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
        repair: result.repair === undefined ? null : json(result.repair),
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
