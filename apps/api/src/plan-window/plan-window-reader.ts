import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PlanWindowReader } from '../services/schedule.service';
import type { PlanCalendar } from './plan-calendar';
import { PlanPublicationsRepository } from './plan-publications.repository';

/**
 * Reads the planning window: today from the calendar, the published-through
 * date from plan_publications, in the transaction given when one is (so a
 * run's apply sees the window its write commits in).
 */
export function planWindowReader(db: Kysely<DB>, calendar: PlanCalendar): PlanWindowReader {
  const publications = new PlanPublicationsRepository(db);
  return async (reader = db) => ({
    today: calendar.today(),
    published_through: await publications.publishedThrough(reader),
  });
}
