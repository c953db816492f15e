import type { NotificationList } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../http/http-error';
import type {
  NotificationsRepository,
  NotificationsState,
} from '../repositories/notifications.repository';
import type { ScheduleNoticesRepository } from '../repositories/schedule-notices.repository';
import type { UsersRepository } from '../repositories/users.repository';
import {
  describeScheduleChanges,
  jobSlots,
  readSnapshot,
  snapshotOf,
  withJobSlots,
} from './schedule-changes';
import type { ScheduleService } from './schedule.service';

/** Wakes the open notification streams of users (on every API node). */
export interface NotificationSignal {
  wake(userIds: readonly number[]): Promise<void>;
}

/** How many of a user's notifications the list shows (newest first). */
const LIST_LIMIT = 50;

/** The message "Notify all physicists" sends when the manager writes none. */
export const DEFAULT_NOTIFY_ALL_MESSAGE =
  'The schedule has been updated. Open My schedule to see your jobs.';

/** Notifications to linked users: stored per user, read only by that user. */
export class NotificationsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly users: UsersRepository,
    private readonly notifications: NotificationsRepository,
    private readonly notices: ScheduleNoticesRepository,
    private readonly schedule: ScheduleService,
    private readonly signal: NotificationSignal,
  ) {}

  /** The user's own notifications, newest first, and how many are unread. */
  async list(userId: number): Promise<NotificationList> {
    const [items, state] = await Promise.all([
      this.notifications.listFor(userId, LIST_LIMIT),
      this.notifications.stateFor(userId),
    ]);
    return { items, unread: state.unread };
  }

  /** Unread count and newest id (what the stream sends). */
  state(userId: number): Promise<NotificationsState> {
    return this.notifications.stateFor(userId);
  }

  /** Marks one of the user's notifications read; 404 for anyone else's. */
  async markRead(userId: number, id: number): Promise<void> {
    if (!(await this.notifications.markRead(userId, id))) {
      throw notFound(`Notification ${id} not found`);
    }
    await this.signal.wake([userId]);
  }

  /**
   * Stores one notice per row, in `db`'s transaction when given, and answers
   * what wakes the users' streams, to call once that commits (a request's
   * decision tells its asker so).
   */
  async create(
    notices: readonly { user_id: number; message: string }[],
    db: Kysely<DB> = this.db,
  ): Promise<() => Promise<void>> {
    await this.notifications.insertMany(notices, db);
    const userIds = [...new Set(notices.map((n) => n.user_id))];
    return () => this.signal.wake(userIds);
  }

  /** Sends one message to every linked user; answers how many. */
  async notifyAll(message: string = DEFAULT_NOTIFY_ALL_MESSAGE): Promise<number> {
    const linked = await this.users.linked();
    await this.notifications.insertMany(linked.map((u) => ({ user_id: u.id, message })));
    await this.signal.wake(linked.map((u) => u.id));
    return linked.length;
  }

  /**
   * Tells every linked user whose assignments changed since their last notice
   * (or since their account was linked: ScheduleBaseline) what changed, and
   * remembers what each was told. The linked accounts are
   * row-locked for the run, so two managers clicking at once take turns and
   * nobody hears of one change twice.
   *
   * With `jobId` (a row's "Notify affected physicists of job N"), only the
   * people on that job, or told of it before, hear, and only about it; what
   * they are counted as knowing changes for that job alone, so the toolbar's
   * notice still tells them the rest.
   */
  async notifyAffected(jobId?: number): Promise<number> {
    const notified = await this.db.transaction().execute(async (trx) => {
      const linked = await this.users.linked(trx, true);
      const slots = await this.schedule.slotsOf(
        linked.map((u) => u.physicist_id),
        trx,
      );
      const snapshots = await this.notices.snapshotsFor(
        linked.map((u) => u.id),
        trx,
      );
      const messages: { user_id: number; message: string }[] = [];
      for (const user of linked) {
        const now = snapshotOf(slots.get(user.physicist_id) ?? []);
        if (!snapshots.has(user.id)) {
          // Linked before links recorded a baseline: start from today's
          // schedule rather than announce every job as new.
          await this.notices.save(user.id, now, trx);
          continue;
        }
        const told = readSnapshot(snapshots.get(user.id));
        const [before, after] =
          jobId === undefined ? [told, now] : [jobSlots(told, jobId), jobSlots(now, jobId)];
        const message = describeScheduleChanges(before, after);
        if (message === null) continue;
        messages.push({ user_id: user.id, message });
        await this.notices.save(
          user.id,
          jobId === undefined ? now : withJobSlots(told, jobId, after),
          trx,
        );
      }
      await this.notifications.insertMany(messages, trx);
      return messages.map((m) => m.user_id);
    });
    await this.signal.wake(notified);
    return notified.length;
  }
}
