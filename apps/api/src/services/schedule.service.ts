import type { MySchedule, ScheduleEntry } from '@meridian/contracts';
import { haversineMiles, jobPhase, type PlanWindow } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { ScheduleRepository, ScheduleRow } from '../repositories/schedule.repository';
import type { UsersRepository } from '../repositories/users.repository';

/** A schedule entry with the job's version (the calendar feed's SEQUENCE). */
export type ScheduledSlot = ScheduleEntry & { version: number };

/** Reads the planning window (today and the published-through date), in `db` when given. */
export type PlanWindowReader = (db?: Kysely<DB>) => Promise<PlanWindow>;

const toSlot = (row: ScheduleRow, window: PlanWindow): ScheduledSlot => {
  const { job_lat, job_lon, home_lat, home_lon } = row;
  const miles =
    job_lat === null || job_lon === null || home_lat === null || home_lon === null
      ? null
      : Math.round(haversineMiles(home_lat, home_lon, job_lat, job_lon) * 10) / 10;
  return {
    job_id: row.job_id,
    version: row.version,
    customer: row.customer,
    location: row.location,
    zip_code: row.zip_code,
    start: row.start,
    end: row.end,
    slot: row.slot,
    partner: row.partner,
    kit: row.kit,
    miles_from_home: miles,
    phase: jobPhase(row.start, window),
  };
};

/** The schedule of one's own: the assignments of the physicist an account is linked to. */
export class ScheduleService {
  constructor(
    private readonly users: UsersRepository,
    private readonly schedule: ScheduleRepository,
    private readonly window: PlanWindowReader,
  ) {}

  /** The physicist an account is linked to, or null. */
  async linkedPhysicist(userId: number): Promise<{ id: number; name: string } | null> {
    const physicistId = (await this.users.findById(userId))?.physicist_id ?? null;
    if (physicistId === null) return null;
    const name = await this.schedule.physicistName(physicistId);
    return name === undefined ? null : { id: physicistId, name };
  }

  /** The signed-in user's physicist and assignments in date order; empty when unlinked. */
  async forUser(userId: number): Promise<MySchedule> {
    const physicist = await this.linkedPhysicist(userId);
    if (physicist === null) return { physicist: null, entries: [] };
    const slots = (await this.slotsOf([physicist.id])).get(physicist.id) ?? [];
    return { physicist, entries: slots.map(({ version: _version, ...entry }) => entry) };
  }

  /** The slots of several physicists at once, by physicist id (date order within each); `db` may be a transaction. */
  async slotsOf(
    physicistIds: readonly number[],
    db?: Kysely<DB>,
  ): Promise<Map<number, ScheduledSlot[]>> {
    const byPhysicist = new Map<number, ScheduledSlot[]>();
    const window = await this.window(db);
    for (const row of await this.schedule.forPhysicists(physicistIds, db)) {
      const list = byPhysicist.get(row.physicist_id) ?? [];
      list.push(toSlot(row, window));
      byPhysicist.set(row.physicist_id, list);
    }
    return byPhysicist;
  }
}
