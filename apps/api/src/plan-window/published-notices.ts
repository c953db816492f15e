import { jobPhase, type PlanWindow } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { NotificationsRepository } from '../repositories/notifications.repository';
import type { UsersRepository } from '../repositories/users.repository';
import {
  describeScheduleChanges,
  readSnapshot,
  snapshotOf,
  type ScheduleSnapshot,
} from '../services/schedule-changes';
import type { NotificationSignal } from '../services/notifications.service';
import type { ScheduleService } from '../services/schedule.service';
import type { PublishedNoticesRepository } from './published-notices.repository';

/** What a user is told about their published jobs: the publish, or a change to a published job. */
export type PublishedNoticeTitle = (window: PlanWindow) => string;

/** The part of a snapshot still to come: a job that has started is no longer news. */
function notPast(snapshot: ScheduleSnapshot, today: string): ScheduleSnapshot {
  return Object.fromEntries(
    Object.entries(snapshot).filter(([, slot]) => slot.start !== null && slot.start >= today),
  );
}

/**
 * Tells people of their published jobs: each linked user's published jobs
 * (not past, starting on or before the published-through date) against
 * what they were last told of them (published_notices). A user hears of
 * what is new, changed or taken away, once: what they were told is saved in
 * the same transaction, with their account row-locked, so two writers take
 * turns. Because it compares states, a notice missed (a crash after a write)
 * is told by the next call.
 */
export class PublishedNotices {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly users: UsersRepository,
    private readonly schedule: ScheduleService,
    private readonly notices: PublishedNoticesRepository,
    private readonly notifications: NotificationsRepository,
    private readonly signal: NotificationSignal,
  ) {}

  /**
   * Tells every linked user whose published jobs differ from what they were
   * last told, in `trx` when given (the publish's transaction, with its
   * window) or in a transaction of its own (after a plan write committed);
   * answers how many users were told.
   */
  async tell(window: PlanWindow, title: PublishedNoticeTitle, trx?: Kysely<DB>): Promise<number[]> {
    const told = trx
      ? await this.compareAndTell(trx, window, title)
      : await this.db.transaction().execute((t) => this.compareAndTell(t, window, title));
    if (!trx) await this.signal.wake(told);
    return told;
  }

  /** Wakes the streams of users told in a transaction that has since committed. */
  wake(userIds: readonly number[]): Promise<void> {
    return this.signal.wake(userIds);
  }

  private async compareAndTell(
    trx: Kysely<DB>,
    window: PlanWindow,
    title: PublishedNoticeTitle,
  ): Promise<number[]> {
    const linked = await this.users.linked(trx, true);
    if (linked.length === 0) return [];
    const slots = await this.schedule.slotsOf(
      linked.map((u) => u.physicist_id),
      trx,
    );
    const stored = await this.notices.snapshotsFor(
      linked.map((u) => u.id),
      trx,
    );
    const messages: { user_id: number; message: string }[] = [];
    for (const user of linked) {
      const published = (slots.get(user.physicist_id) ?? []).filter(
        (entry) => jobPhase(entry.start, window) === 'published',
      );
      const now = snapshotOf(published);
      const before = notPast(readSnapshot(stored.get(user.id)), window.today);
      const message = describeScheduleChanges(before, now, title(window));
      if (message === null) continue;
      messages.push({ user_id: user.id, message });
      await this.notices.save(user.id, now, trx);
    }
    await this.notifications.insertMany(messages, trx);
    return messages.map((m) => m.user_id);
  }
}
