import { sql, type Kysely } from 'kysely';
import type { DB, MailDeliveryState } from '../db/schema';

/** A claimed delivery with what its mail needs. */
export interface ClaimedDelivery {
  id: number;
  notification_id: number;
  user_id: number;
  attempts: number;
  username: string;
  email: string;
  message: string;
  created_at: Date;
  /** Sent to an address the account no longer has (the notice of an e-mail change), whatever its settings. */
  to_former_address: boolean;
}

/** A delivery record as tests and the admin page read it. */
export interface DeliveryRecord {
  id: number;
  notification_id: number;
  user_id: number;
  state: MailDeliveryState;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
  sent_at: Date | null;
  sent_to: string | null;
  in_digest: boolean;
}

/** A delivery with an error, newest first (the admin page). */
export interface FailedDelivery {
  notification_id: number;
  username: string;
  attempts: number;
  state: 'queued' | 'failed';
  error: string;
}

/** Which open deliveries a claim may take: queued and due, or claimed by a process that died. */
const claimable = (now: Date, staleBefore: Date) => sql<boolean>`(
  (d.state = 'queued' and (d.next_attempt_at is null or d.next_attempt_at <= ${now}))
  or (d.state = 'sending' and d.claimed_at < ${staleBefore}))`;

/**
 * SQL for mail_deliveries (migration 0024). Rows are created by the
 * notifications trigger in the notice's own transaction; this repository
 * moves them through their states. Claims lock with SKIP LOCKED, so processes
 * draining at once (API nodes, workers) never take the same delivery.
 */
export class MailDeliveriesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Claims up to `limit` due deliveries of users who want each notice at
   * once, and those bound for a given address (an account notice), which go
   * at once whatever the settings.
   */
  async claimImmediate(now: Date, staleBefore: Date, limit: number): Promise<ClaimedDelivery[]> {
    const ids = await this.claim(
      sql`(d.to_address is not null or (coalesce(s.email_on, true) and coalesce(s.delivery, 'immediate') = 'immediate'))`,
      now,
      staleBefore,
      limit,
    );
    return this.withMessages(ids);
  }

  /** Users in digest mode with due deliveries of notices written before `cutoff`. */
  async digestUsersDue(cutoff: Date, now: Date, staleBefore: Date): Promise<number[]> {
    const rows = await sql<{ user_id: number }>`
      select distinct d.user_id from mail_deliveries d
      join notice_settings s on s.user_id = d.user_id
      where s.email_on and s.delivery = 'daily_digest' and d.created_at < ${cutoff}
        and d.to_address is null and ${claimable(now, staleBefore)}`.execute(this.db);
    return rows.rows.map((r) => r.user_id);
  }

  /** Claims one digest user's due deliveries of notices written before `cutoff`, oldest first. */
  async claimDigest(
    userId: number,
    cutoff: Date,
    now: Date,
    staleBefore: Date,
  ): Promise<ClaimedDelivery[]> {
    const ids = await this.claim(
      sql`s.email_on and s.delivery = 'daily_digest' and d.user_id = ${userId} and d.created_at < ${cutoff} and d.to_address is null`,
      now,
      staleBefore,
      1000,
    );
    return this.withMessages(ids);
  }

  /**
   * Marks queued deliveries `skipped` with the reason: every one when
   * `everyone` (no mail server), else those of users with e-mail off but for
   * account notices bound for a given address.
   */
  async skip(reason: string, everyone: boolean): Promise<number> {
    const filter = everyone
      ? sql`true`
      : sql`d.to_address is null and d.user_id in (select user_id from notice_settings where not email_on)`;
    const result = await sql`
      update mail_deliveries d set state = 'skipped', last_error = ${reason}, next_attempt_at = null
      where d.state = 'queued' and ${filter}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0n);
  }

  /** Records a successful send. */
  async markSent(ids: readonly number[], to: string, now: Date, inDigest: boolean): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('mail_deliveries')
      .set({ state: 'sent', sent_at: now, sent_to: to, in_digest: inDigest, last_error: null })
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Records a failed attempt: queued again for `nextAttemptAt`, or given up when that is null. */
  async markFailed(
    ids: readonly number[],
    error: string,
    to: string,
    nextAttemptAt: Date | null,
  ): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('mail_deliveries')
      .set({
        state: nextAttemptAt === null ? 'failed' : 'queued',
        last_error: error,
        sent_to: to,
        next_attempt_at: nextAttemptAt,
        claimed_at: null,
      })
      .where('id', 'in', [...ids])
      .execute();
  }

  /**
   * Sends notice `notificationId`'s mail to `address` instead of its user's
   * address, at once (migration 0029): call in the transaction that wrote the
   * notice, whose trigger made the delivery.
   */
  async sendTo(notificationId: number, address: string, db: Kysely<DB> = this.db): Promise<void> {
    await db
      .updateTable('mail_deliveries')
      .set({ to_address: address })
      .where('notification_id', '=', notificationId)
      .execute();
  }

  /** The delivery records of these notices (tests, the bench). */
  forNotifications(ids: readonly number[]): Promise<DeliveryRecord[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('mail_deliveries')
      .select([
        'id',
        'notification_id',
        'user_id',
        'state',
        'attempts',
        'last_error',
        'next_attempt_at',
        'sent_at',
        'sent_to',
        'in_digest',
      ])
      .where('notification_id', 'in', [...ids])
      .orderBy('id')
      .execute();
  }

  /** How many deliveries are in each state. */
  async counts(): Promise<Record<MailDeliveryState, number>> {
    const rows = await this.db
      .selectFrom('mail_deliveries')
      .select(['state', sql<number>`count(*)::int`.as('n')])
      .groupBy('state')
      .execute();
    const counts = { queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };
    for (const row of rows) counts[row.state] = row.n;
    return counts;
  }

  /** The newest deliveries that carry an error and may still or will never go. */
  recentFailures(limit: number): Promise<FailedDelivery[]> {
    return this.db
      .selectFrom('mail_deliveries as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select([
        'd.notification_id',
        'u.username',
        'd.attempts',
        sql<'queued' | 'failed'>`d.state`.as('state'),
        sql<string>`d.last_error`.as('error'),
      ])
      .where('d.state', 'in', ['queued', 'failed'])
      .where('d.last_error', 'is not', null)
      .orderBy('d.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Whether anything is open (queued or sending): one cheap read a poll makes before any write. */
  async anyOpen(): Promise<boolean> {
    const row = await this.db
      .selectFrom('mail_deliveries')
      .select('id')
      .where('state', 'in', ['queued', 'sending'])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async claim(
    filter: ReturnType<typeof sql>,
    now: Date,
    staleBefore: Date,
    limit: number,
  ): Promise<number[]> {
    const result = await sql<{ id: number }>`
      update mail_deliveries set state = 'sending', claimed_at = ${now}, attempts = attempts + 1
      where id in (
        select d.id from mail_deliveries d
        left join notice_settings s on s.user_id = d.user_id
        where ${claimable(now, staleBefore)} and ${filter}
        order by d.id
        limit ${limit}
        for update of d skip locked)
      returning id`.execute(this.db);
    return result.rows.map((r) => r.id);
  }

  private async withMessages(ids: readonly number[]): Promise<ClaimedDelivery[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('mail_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notification_id')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select([
        'd.id',
        'd.notification_id',
        'd.user_id',
        'd.attempts',
        'u.username',
        sql<string>`coalesce(d.to_address, u.email)`.as('email'),
        sql<boolean>`d.to_address is not null`.as('to_former_address'),
        'n.message',
        'n.created_at',
      ])
      .where('d.id', 'in', [...ids])
      .orderBy('d.id')
      .execute();
  }
}
