import type { LeaveRequestStatus } from '@meridian/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A stored leave request with the names the API shows beside it. */
export interface LeaveRequestRecord {
  id: number;
  user_id: number;
  username: string;
  physicist_id: number;
  physicist_name: string;
  start: string;
  end: string;
  note: string;
  status: LeaveRequestStatus;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
  reason: string;
  task_id: string | null;
  proposal_id: number | null;
  proposal_status: 'pending' | 'ready' | 'applied' | 'discarded' | 'failed' | null;
}

/** What a decision writes. */
export interface LeaveDecision {
  status: 'approved' | 'declined' | 'withdrawn';
  decidedBy: string | null;
  reason: string;
  unavailabilityId?: number;
  taskId?: string;
  proposalId?: number;
}

/** How many decided requests the inbox lists after the pending ones. */
const DECIDED_LIMIT = 200;

// ISO 8601 in UTC, the same text on PGlite and PostgreSQL.
const isoUtc = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

function selectRequests(db: Kysely<DB>) {
  return db
    .selectFrom('leave_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('physicists as p', 'p.id', 'r.physicist_id')
    .leftJoin('proposals as pr', 'pr.id', 'r.proposal_id')
    .select([
      'r.id',
      'r.user_id',
      'u.username',
      'r.physicist_id',
      'p.name as physicist_name',
      sql<string>`r.start_date::text`.as('start'),
      sql<string>`r.end_date::text`.as('end'),
      'r.note',
      'r.status',
      isoUtc('r.created_at').as('created_at'),
      sql<
        string | null
      >`case when r.decided_at is null then null else ${isoUtc('r.decided_at')} end`.as(
        'decided_at',
      ),
      'r.decided_by',
      'r.reason',
      'r.task_id',
      'r.proposal_id',
      'pr.status as proposal_status',
    ]);
}

/** SQL for leave_requests: the only writer of the table. */
export class LeaveRequestsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Stores a new pending request; answers its id. */
  async insert(
    row: { userId: number; physicistId: number; start: string; end: string; note: string },
    db: Kysely<DB> = this.db,
  ): Promise<number> {
    const { id } = await db
      .insertInto('leave_requests')
      .values({
        user_id: row.userId,
        physicist_id: row.physicistId,
        start_date: row.start,
        end_date: row.end,
        note: row.note,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** One request, row-locked when `forUpdate` (inside a transaction). */
  find(
    id: number,
    db: Kysely<DB> = this.db,
    forUpdate = false,
  ): Promise<LeaveRequestRecord | undefined> {
    const query = selectRequests(db).where('r.id', '=', id);
    return (forUpdate ? query.forUpdate('r') : query).executeTakeFirst();
  }

  /** The approved request whose repair is proposal `proposalId`, if any. */
  findByProposal(
    proposalId: number,
    db: Kysely<DB> = this.db,
  ): Promise<LeaveRequestRecord | undefined> {
    return selectRequests(db).where('r.proposal_id', '=', proposalId).executeTakeFirst();
  }

  /** A user's own requests, newest first. */
  listForUser(userId: number, db: Kysely<DB> = this.db): Promise<LeaveRequestRecord[]> {
    return selectRequests(db).where('r.user_id', '=', userId).orderBy('r.id', 'desc').execute();
  }

  /** Every pending request (oldest first), then the latest decided ones (newest first). */
  async inbox(db: Kysely<DB> = this.db): Promise<LeaveRequestRecord[]> {
    const pending = await selectRequests(db)
      .where('r.status', '=', 'pending')
      .orderBy('r.id', 'asc')
      .execute();
    const decided = await selectRequests(db)
      .where('r.status', '!=', 'pending')
      .orderBy('r.id', 'desc')
      .limit(DECIDED_LIMIT)
      .execute();
    return [...pending, ...decided];
  }

  /** The physicist's pending or approved requests sharing a day with start..end. */
  overlappingOpen(
    physicistId: number,
    start: string,
    end: string,
    db: Kysely<DB> = this.db,
  ): Promise<LeaveRequestRecord[]> {
    return selectRequests(db)
      .where('r.physicist_id', '=', physicistId)
      .where('r.status', 'in', ['pending', 'approved'])
      .where(sql<string>`r.start_date`, '<=', end)
      .where(sql<string>`r.end_date`, '>=', start)
      .orderBy('r.id')
      .execute();
  }

  /** Records a decision on a request that is still pending; false when it no longer was. */
  async decide(id: number, decision: LeaveDecision, db: Kysely<DB> = this.db): Promise<boolean> {
    const result = await db
      .updateTable('leave_requests')
      .set({
        status: decision.status,
        decided_at: new Date(),
        decided_by: decision.decidedBy,
        reason: decision.reason,
        unavailability_id: decision.unavailabilityId ?? null,
        task_id: decision.taskId ?? null,
        proposal_id: decision.proposalId ?? null,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
