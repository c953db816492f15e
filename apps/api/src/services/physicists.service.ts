import type { Physicist } from '@meridian/domain';
import { sql, type Kysely } from 'kysely';
import type { AvailabilityRepository } from '../repositories/availability.repository';
import type { DB } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import type { NewPhysicist } from '../io/parse-roster';
import { requireKnownZip } from '../io/zip-rules';
import type { JobsRepository } from '../repositories/jobs.repository';
import type { PhysicistsRepository } from '../repositories/physicists.repository';

/** Roster rules for physicists: unique names, real home zips, clean removal. */
export class PhysicistsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly physicists: PhysicistsRepository,
    private readonly leave: AvailabilityRepository,
    private readonly jobs: JobsRepository,
  ) {}

  /** Every physicist by name. */
  list(): Promise<Physicist[]> {
    return this.physicists.list();
  }

  /** Adds one physicist; 400 for an unknown zip, 409 for a name already used. */
  async create(input: NewPhysicist): Promise<Physicist> {
    const row = {
      ...input,
      name: input.name.trim(),
      home_zip: requireKnownZip(input.home_zip, 'home_zip'),
    };
    const [created] = await this.insertMany([row]);
    return created!;
  }

  /** Inserts rows whose zips are already checked; 409 naming names already on the roster. */
  async insertMany(rows: NewPhysicist[], db: Kysely<DB> = this.db): Promise<Physicist[]> {
    const taken = await this.physicists.takenNames(
      rows.map((r) => r.name),
      0,
      db,
    );
    if (taken.length > 0) {
      throw conflict(`A physicist with this name already exists: ${taken.slice(0, 5).join(', ')}`);
    }
    return this.physicists.insertMany(rows, db);
  }

  /**
   * Edits a physicist. A rename carries their leave records along (leave is
   * keyed by name); a role change is refused while they hold slots of the old
   * role, because those assignments would silently break rule 1.
   */
  async update(id: number, input: NewPhysicist): Promise<Physicist> {
    const row = {
      ...input,
      name: input.name.trim(),
      home_zip: requireKnownZip(input.home_zip, 'home_zip'),
    };
    return this.db.transaction().execute(async (trx) => {
      const current = await this.physicists.find(id, trx);
      if (current === undefined) throw notFound(`Physicist ${id} not found`);
      if ((await this.physicists.takenNames([row.name], id, trx)).length > 0) {
        throw conflict(`A physicist named '${row.name}' already exists`);
      }
      if (row.role !== current.role) {
        const slot = current.role === 'lead' ? 'assigned_lead_id' : 'assigned_data_acq_id';
        const { n } = await trx
          .selectFrom('jobs')
          .select(sql<number>`count(*)::int`.as('n'))
          .where(slot, '=', id)
          .executeTakeFirstOrThrow();
        if (n > 0) {
          throw conflict(
            `${current.name} is assigned as ${current.role} on ${n} job(s); clear those assignments before changing the role`,
          );
        }
      }
      if (row.name !== current.name) await this.leave.rename(current.name, row.name, trx);
      return (await this.physicists.update(id, row, trx))!;
    });
  }

  /** Removes a physicist, emptying their slots on every job and deleting their leave records. */
  async delete(id: number): Promise<{ message: string }> {
    return this.db.transaction().execute(async (trx) => {
      const current = await this.physicists.find(id, trx);
      if (current === undefined) throw notFound(`Physicist ${id} not found`);
      const jobs = await this.jobs.clearPhysician(id, trx);
      const records = await this.leave.deleteForName(current.name, trx);
      await this.physicists.delete(id, trx);
      return {
        message: `Deleted ${current.name}; removed from ${jobs} job(s) and ${records} unavailability record(s) deleted.`,
      };
    });
  }
}
