import type { Unavailability } from '@meridian/domain';
import { isRealDate } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { badRequest, notFound } from '../http/http-error';
import type { PhysicistsRepository } from '../repositories/physicists.repository';
import type { AvailabilityRepository } from '../repositories/availability.repository';

/** Single leave records: added for a known physicist with a real range, or deleted. */
export class AvailabilityService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly leave: AvailabilityRepository,
    private readonly physicists: PhysicistsRepository,
  ) {}

  /** Every record by start date. */
  list(): Promise<Unavailability[]> {
    return this.leave.list();
  }

  /**
   * Adds a record. Unlike the bulk upload (where an unknown name is only a
   * warning) a single record must name a physicist: it is typed by hand, so
   * a mismatch is a slip the user wants to hear about.
   */
  async add(input: Omit<Unavailability, 'id'>, trx?: Kysely<DB>): Promise<Unavailability> {
    for (const [field, value] of [
      ['start_date', input.start_date],
      ['end_date', input.end_date],
    ] as const) {
      if (!isRealDate(value)) throw badRequest(`${field} '${value}' is not a real date`);
    }
    if (input.end_date < input.start_date) {
      throw badRequest(`end_date ${input.end_date} is before start_date ${input.start_date}`);
    }
    const insert = async (db: Kysely<DB>) => {
      const all = await this.physicists.list(db);
      const match = all.find((p) => p.name.toLowerCase() === input.physicist_name.toLowerCase());
      if (match === undefined) throw badRequest(`No physicist is named '${input.physicist_name}'`);
      return this.leave.insert({ ...input, physicist_name: match.name }, db);
    };
    // Inside the caller's transaction when given (an approved leave request records it so).
    return trx === undefined ? this.db.transaction().execute(insert) : insert(trx);
  }

  /** Deletes a record; 404 when it does not exist. */
  async delete(id: number): Promise<void> {
    if (!(await this.leave.delete(id))) throw notFound(`Unavailability record ${id} not found`);
  }
}
