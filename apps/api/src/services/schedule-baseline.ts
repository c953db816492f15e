import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { ScheduleNoticesRepository } from '../repositories/schedule-notices.repository';
import { snapshotOf } from './schedule-changes';
import type { ScheduleService } from './schedule.service';

/**
 * The schedule a linked user is counted as already knowing. Linking an account
 * stores its physicist's schedule as it stands, so the first "notify affected"
 * lists only what changed since the link (not every job as new); unlinking
 * forgets it, so a later link starts afresh.
 */
export class ScheduleBaseline {
  constructor(
    private readonly notices: ScheduleNoticesRepository,
    private readonly schedule: Pick<ScheduleService, 'slotsOf'>,
  ) {}

  /** Records the baseline of an account now linked to `physicistId` (null: unlinked). */
  async reset(userId: number, physicistId: number | null, trx: Kysely<DB>): Promise<void> {
    if (physicistId === null) {
      await this.notices.remove(userId, trx);
      return;
    }
    const slots = (await this.schedule.slotsOf([physicistId], trx)).get(physicistId) ?? [];
    await this.notices.save(userId, snapshotOf(slots), trx);
  }
}
