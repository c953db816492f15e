import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { NotificationsRepository } from '../repositories/notifications.repository';
import { ScheduleRepository } from '../repositories/schedule.repository';
import { UsersRepository } from '../repositories/users.repository';
import type { NotificationSignal } from '../services/notifications.service';
import { ScheduleService, type PlanWindowReader } from '../services/schedule.service';
import { PublishedNotices } from './published-notices';
import { PublishedNoticesRepository } from './published-notices.repository';

/** The title of a notice about a change to one's published (confirmed) jobs. */
export const CHANGED_TITLE = 'Your confirmed schedule changed';

/**
 * After a plan write (a run's apply, a restore, an applied proposal, a
 * manual edit): tells each linked physicist whose published jobs it changed
 * what they lost, gained or saw move, in the write's own transaction, so the
 * notice and the change commit together. Nothing is said before the first
 * publish: draft jobs are tentative, and people hear of them when published.
 */
export class PlanChangeNotices {
  constructor(
    private readonly readWindow: PlanWindowReader,
    private readonly notices: PublishedNotices,
  ) {}

  /** Tells in `trx`; answers what wakes the told users' streams, to call once `trx` committed. */
  async tell(trx: Kysely<DB>): Promise<() => Promise<void>> {
    const window = await this.readWindow(trx);
    if (window.published_through === null || window.published_through < window.today) {
      return () => Promise.resolve();
    }
    const told = await this.notices.tell(window, () => CHANGED_TITLE, trx);
    return () => this.notices.wake(told);
  }
}

/** PlanChangeNotices on its own repositories (the task machinery has no request-side services). */
export function planChangeNotices(
  db: Kysely<DB>,
  readWindow: PlanWindowReader,
  signal: NotificationSignal,
): PlanChangeNotices {
  const users = new UsersRepository(db);
  return new PlanChangeNotices(
    readWindow,
    new PublishedNotices(
      db,
      users,
      new ScheduleService(users, new ScheduleRepository(db), readWindow),
      new PublishedNoticesRepository(db),
      new NotificationsRepository(db),
      signal,
    ),
  );
}

/**
 * A NotificationSignal for services built before the event bus (the request
 * side's, compose/services.ts): compose/people.ts binds it to the bus once
 * that exists. Unbound, a wake does nothing; what was told is stored, and a
 * client's next read shows it.
 */
export class LateNotificationSignal implements NotificationSignal {
  private target: NotificationSignal | null = null;

  bind(target: NotificationSignal): void {
    this.target = target;
  }

  wake(userIds: readonly number[]): Promise<void> {
    return this.target?.wake(userIds) ?? Promise.resolve();
  }
}
