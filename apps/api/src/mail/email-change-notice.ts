import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { NotificationsRepository } from '../repositories/notifications.repository';
import type { MailDeliveriesRepository } from './mail-deliveries.repository';

/** The notice of an e-mail change: the old address reads it, and the app shows it too. */
export const emailChangedText = (newEmail: string) =>
  `Your e-mail was changed to ${newEmail}. From now on notices go there. If you did not change it, tell an administrator at once.`;

/**
 * Tells the old address of an e-mail change (PUT /me/email) through the
 * outbox: the notice is written like any other, and its delivery is bound
 * for the old address (migration 0029), at once whatever the user's notice
 * settings, so whoever owns it hears of a change they did not make. Later
 * notices go to the new address, which the outbox reads at send time.
 */
export class EmailChangeNotice {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly deliveries: MailDeliveriesRepository,
    private readonly signal: { wake(userIds: readonly number[]): Promise<void> },
  ) {}

  /** Writes the notice in `trx`; answers what wakes the user's streams and the outbox after commit. */
  async tell(
    trx: Kysely<DB>,
    change: { userId: number; oldEmail: string; newEmail: string },
  ): Promise<() => Promise<void>> {
    const id = await this.notifications.insertOne(
      { user_id: change.userId, message: emailChangedText(change.newEmail) },
      trx,
    );
    await this.deliveries.sendTo(id, change.oldEmail, trx);
    return () => this.signal.wake([change.userId]);
  }
}
