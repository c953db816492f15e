import type { ClaimedDelivery, MailDeliveriesRepository } from './mail-deliveries.repository';
import { MailSendError, SMTP_CONNECTIONS, type MailSender } from './mail-sender';
import { digestMail, noticeMail, type MailMessage } from './notice-mail';
import { lastDigestTime } from './digest-time';

/**
 * How long a failed delivery waits before its next attempt: after the first
 * failure 30 s, then 2, 10 and 30 minutes, then an hour. A delivery that
 * fails MAX_ATTEMPTS times is given up (`failed`, with the last error).
 */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** A claim older than this belongs to a process that died mid-send: take it again. */
export const STALE_CLAIM_MS = 10 * 60_000;

/** The reason recorded on deliveries that were never to go. */
export const MAIL_OFF_REASON = 'E-mail is off: SMTP_URL is not set';
export const USER_OFF_REASON = 'E-mail is off for this user';

const BATCH = 50;

/** What one drain did. */
export interface DrainResult {
  sent: number;
  retrying: number;
  failed: number;
  skipped: number;
  digests: number;
}

/** Where the outbox logs (pino on the API, JSON lines on workers). */
export interface OutboxLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What a MailOutbox is built from. */
export interface MailOutboxOptions {
  deliveries: MailDeliveriesRepository;
  /** Null: no mail server (SMTP_URL unset); queued deliveries are marked skipped. */
  sender: MailSender | null;
  /** PUBLIC_URL, else the listen address: where links in mail point. */
  baseUrl: () => string;
  /** ORG_TIMEZONE: whose morning the daily digest goes out in. */
  timeZone: string;
  log: OutboxLog;
}

/** Runs `work` over `items` with at most `limit` at once. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * Sends notices' e-mail from their delivery records (an outbox): every
 * notice gets its record in the transaction that wrote it (migration 0024's
 * trigger), and a drain, after commit, claims the due ones and sends them.
 * A failed send is recorded and tried again later with backoff; nothing the
 * outbox does can fail or slow the action that wrote the notice.
 *
 * `drain(now)` takes the time it acts at, so tests drive retries and the
 * digest by handing it a time (never by waiting); MailPump calls it with the
 * clock.
 */
export class MailOutbox {
  constructor(private readonly options: MailOutboxOptions) {}

  /** Whether a mail server is configured. */
  get sends(): boolean {
    return this.options.sender !== null;
  }

  /** Sends what is due at `now`: immediate notices, then any digest whose time has come. */
  async drain(now: Date): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retrying: 0, failed: 0, skipped: 0, digests: 0 };
    const { deliveries, sender } = this.options;
    if (!(await deliveries.anyOpen())) return result;
    if (sender === null) {
      result.skipped = await deliveries.skip(MAIL_OFF_REASON, true);
      return result;
    }
    result.skipped = await deliveries.skip(USER_OFF_REASON, false);
    try {
      await this.send(sender, now, result);
    } finally {
      sender.release();
    }
    return result;
  }

  private async send(sender: MailSender, now: Date, result: DrainResult): Promise<void> {
    const { deliveries } = this.options;
    const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS);
    for (;;) {
      const batch = await deliveries.claimImmediate(now, staleBefore, BATCH);
      if (batch.length === 0) break;
      await eachLimited(batch, SMTP_CONNECTIONS, async (d) => {
        const mail = noticeMail(d, d, this.options.baseUrl());
        await this.attempt(sender, mail, [d], now, false, result);
      });
    }
    const digest = lastDigestTime(this.options.timeZone, now);
    for (const userId of await deliveries.digestUsersDue(digest.at, now, staleBefore)) {
      const claimed = await deliveries.claimDigest(userId, digest.at, now, staleBefore);
      const first = claimed[0];
      if (first === undefined) continue;
      const mail = digestMail(first, claimed, this.options.baseUrl(), digest.day);
      await this.attempt(sender, mail, claimed, now, true, result);
      result.digests += 1;
    }
  }

  private async attempt(
    sender: MailSender,
    mail: MailMessage,
    claimed: readonly ClaimedDelivery[],
    now: Date,
    inDigest: boolean,
    result: DrainResult,
  ): Promise<void> {
    const { deliveries, log } = this.options;
    const ids = claimed.map((d) => d.id);
    try {
      await sender.send(mail);
      await deliveries.markSent(ids, mail.to, now, inDigest);
      result.sent += ids.length;
    } catch (error) {
      const failure =
        error instanceof MailSendError ? error : new MailSendError(String(error), false);
      // Every delivery of one mail has had the same number of attempts but the
      // first of a digest; the most tried one decides.
      const attempts = Math.max(...claimed.map((d) => d.attempts));
      const delay = failure.permanent ? undefined : RETRY_DELAYS_MS[attempts - 1];
      const next = delay === undefined ? null : new Date(now.getTime() + delay);
      await deliveries.markFailed(ids, failure.message, mail.to, next);
      if (next === null) result.failed += ids.length;
      else result.retrying += ids.length;
      log.warn(
        { notifications: claimed.map((d) => d.notification_id), attempts, retry_at: next },
        `notice e-mail not sent: ${failure.message}`,
      );
    }
  }
}
