import type { OfferStatus, ScheduleSlot } from '@meridian/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A stored offer with the names and job the API shows beside it. */
export interface OfferRecord {
  id: number;
  user_id: number;
  username: string;
  physicist_id: number;
  physicist_name: string;
  job_id: number;
  customer: string;
  location: string;
  start: string | null;
  end: string | null;
  slot: ScheduleSlot;
  note: string;
  status: OfferStatus;
  created_at: string;
  taker_user_id: number | null;
  taker_username: string | null;
  taker_physicist_id: number | null;
  taker_name: string | null;
  accepted_at: string | null;
  delta_total: number | null;
  delta_f: number | null;
  decided_at: string | null;
  decided_by: string | null;
  is_auto_approved: boolean;
  reason: string;
  run_id: number | null;
}

/** One ranked candidate of an offer. */
export interface OfferCandidateRecord {
  offer_id: number;
  physicist_id: number;
  name: string;
  rank: number;
  miles: number | null;
  delta_total: number;
  delta_f: number;
}

/** How many decided swaps the inbox lists after the pending ones. */
const DECIDED_LIMIT = 200;

// ISO 8601 in UTC, the same text on PGlite and PostgreSQL.
const isoUtc = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const isoUtcOrNull = (column: string) =>
  sql<string | null>`case when ${sql.ref(column)} is null then null else ${isoUtc(column)} end`;

function selectOffers(db: Kysely<DB>) {
  return db
    .selectFrom('job_offers as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('physicists as p', 'p.id', 'o.physicist_id')
    .innerJoin('jobs as j', 'j.id', 'o.job_id')
    .leftJoin('users as tu', 'tu.id', 'o.taker_user_id')
    .leftJoin('physicists as tp', 'tp.id', 'o.taker_physicist_id')
    .select([
      'o.id',
      'o.user_id',
      'u.username',
      'o.physicist_id',
      'p.name as physicist_name',
      'o.job_id',
      'j.customer',
      'j.location',
      sql<string | null>`j.start_date::text`.as('start'),
      sql<string | null>`j.end_date::text`.as('end'),
      'o.slot',
      'o.note',
      'o.status',
      isoUtc('o.created_at').as('created_at'),
      'o.taker_user_id',
      'tu.username as taker_username',
      'o.taker_physicist_id',
      'tp.name as taker_name',
      isoUtcOrNull('o.accepted_at').as('accepted_at'),
      'o.delta_total',
      'o.delta_f',
      isoUtcOrNull('o.decided_at').as('decided_at'),
      'o.decided_by',
      'o.is_auto_approved',
      'o.reason',
      'o.run_id',
    ]);
}

/** What a decision on an offer writes. */
export interface OfferDecision {
  status: 'approved' | 'declined' | 'withdrawn';
  decidedBy: string | null;
  reason: string;
  isAutoApproved?: boolean;
  runId?: number;
}

/** SQL for job_offers and job_offer_candidates: the only writer of both tables. */
export class OffersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Stores a new open offer with its ranked candidates (best first); answers its id. */
  async insert(
    row: { userId: number; physicistId: number; jobId: number; slot: ScheduleSlot; note: string },
    candidates: readonly Omit<OfferCandidateRecord, 'offer_id' | 'name' | 'rank'>[],
    db: Kysely<DB> = this.db,
  ): Promise<number> {
    const { id } = await db
      .insertInto('job_offers')
      .values({
        user_id: row.userId,
        physicist_id: row.physicistId,
        job_id: row.jobId,
        slot: row.slot,
        note: row.note,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (candidates.length > 0) {
      await db
        .insertInto('job_offer_candidates')
        .values(
          candidates.map((c, i) => ({
            offer_id: id,
            physicist_id: c.physicist_id,
            rank: i + 1,
            miles: c.miles,
            delta_total: c.delta_total,
            delta_f: c.delta_f,
          })),
        )
        .execute();
    }
    return id;
  }

  /** One offer, row-locked when `forUpdate` (inside a transaction). */
  find(id: number, db: Kysely<DB> = this.db, forUpdate = false): Promise<OfferRecord | undefined> {
    const query = selectOffers(db).where('o.id', '=', id);
    return (forUpdate ? query.forUpdate('o') : query).executeTakeFirst();
  }

  /** A user's own offers, newest first. */
  listForUser(userId: number, db: Kysely<DB> = this.db): Promise<OfferRecord[]> {
    return selectOffers(db).where('o.user_id', '=', userId).orderBy('o.id', 'desc').execute();
  }

  /** Offers that list physicist `physicistId` as a candidate, newest first. */
  listOfferedTo(physicistId: number, db: Kysely<DB> = this.db): Promise<OfferRecord[]> {
    return selectOffers(db)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('job_offer_candidates as c')
            .select('c.offer_id')
            .whereRef('c.offer_id', '=', 'o.id')
            .where('c.physicist_id', '=', physicistId),
        ),
      )
      .orderBy('o.id', 'desc')
      .execute();
  }

  /** The open or accepted offer of this slot, if any (one at a time per slot). */
  openForSlot(
    jobId: number,
    slot: ScheduleSlot,
    db: Kysely<DB> = this.db,
  ): Promise<OfferRecord | undefined> {
    return selectOffers(db)
      .where('o.job_id', '=', jobId)
      .where('o.slot', '=', slot)
      .where('o.status', 'in', ['open', 'accepted'])
      .executeTakeFirst();
  }

  /** The ranked candidates of some offers, best first within each. */
  candidates(
    offerIds: readonly number[],
    db: Kysely<DB> = this.db,
  ): Promise<OfferCandidateRecord[]> {
    if (offerIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('job_offer_candidates as c')
      .innerJoin('physicists as p', 'p.id', 'c.physicist_id')
      .select([
        'c.offer_id',
        'c.physicist_id',
        'p.name',
        'c.rank',
        'c.miles',
        'c.delta_total',
        'c.delta_f',
      ])
      .where('c.offer_id', 'in', offerIds)
      .orderBy('c.offer_id')
      .orderBy('c.rank')
      .execute();
  }

  /** Accepted offers still waiting (oldest first), then the latest decided ones that had a taker. */
  async inbox(db: Kysely<DB> = this.db): Promise<OfferRecord[]> {
    const pending = await selectOffers(db)
      .where('o.status', '=', 'accepted')
      .orderBy('o.id', 'asc')
      .execute();
    const decided = await selectOffers(db)
      .where('o.status', 'in', ['approved', 'declined', 'withdrawn'])
      .where('o.taker_physicist_id', 'is not', null)
      .orderBy('o.id', 'desc')
      .limit(DECIDED_LIMIT)
      .execute();
    return [...pending, ...decided];
  }

  /** Records the taker of an open offer; false when it was no longer open. */
  async accept(
    id: number,
    taker: { userId: number; physicistId: number; deltaTotal: number; deltaF: number },
    db: Kysely<DB> = this.db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('job_offers')
      .set({
        status: 'accepted',
        taker_user_id: taker.userId,
        taker_physicist_id: taker.physicistId,
        accepted_at: new Date(),
        delta_total: taker.deltaTotal,
        delta_f: taker.deltaF,
      })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Records a decision on an offer still open or accepted; false when it no longer was. */
  async decide(id: number, decision: OfferDecision, db: Kysely<DB> = this.db): Promise<boolean> {
    const result = await db
      .updateTable('job_offers')
      .set({
        status: decision.status,
        decided_at: new Date(),
        decided_by: decision.decidedBy,
        reason: decision.reason,
        is_auto_approved: decision.isAutoApproved ?? false,
        run_id: decision.runId ?? null,
      })
      .where('id', '=', id)
      .where('status', 'in', ['open', 'accepted'])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
