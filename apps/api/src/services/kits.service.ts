import type { Kit } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import type { NewKit } from '../io/parse-roster';
import { requireKnownZip } from '../io/zip-rules';
import type { JobsRepository } from '../repositories/jobs.repository';
import type { KitsRepository } from '../repositories/kits.repository';

/** The kit fields PUT /kits/{id} may change. */
export type KitUpdate = Pick<Kit, 'current_location_zip' | 'is_out_for_maintenance' | 'comments'>;

/** Roster rules for kits: unique names, real location zips, clean removal. */
export class KitsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly kits: KitsRepository,
    private readonly jobs: JobsRepository,
    /** Today in the organisation's time zone (jobs that started keep a kit that breaks down). */
    private readonly today: () => string,
  ) {}

  /** Every kit by name. */
  list(): Promise<Kit[]> {
    return this.kits.list();
  }

  /** Adds one kit; 400 for an unknown zip, 409 for a name already used. */
  async create(input: NewKit): Promise<Kit> {
    const zip = requireKnownZip(input.current_location_zip, 'current_location_zip');
    const [created] = await this.insertMany([
      { ...input, name: input.name.trim(), current_location_zip: zip },
    ]);
    return created!;
  }

  /** Inserts rows whose zips are already checked; 409 naming names already on the roster. */
  async insertMany(rows: NewKit[], db: Kysely<DB> = this.db): Promise<Kit[]> {
    const taken = await this.kits.takenNames(
      rows.map((r) => r.name),
      db,
    );
    if (taken.length > 0) {
      throw conflict(`A kit with this name already exists: ${taken.slice(0, 5).join(', ')}`);
    }
    return this.kits.insertMany(rows, db);
  }

  /**
   * Updates location, maintenance flag and comments (jobs show the new
   * location at once). A kit saved as out for maintenance is taken off every
   * job that starts after today (or has no dates yet), in the same
   * transaction, unpinned and with a new version; jobs already under way or
   * past keep it, since that is where the kit was. Taking it off rather than
   * refusing the edit is deliberate: the flag records a fact (the kit is
   * broken), and refusing it until someone clears dozens of jobs by hand
   * would leave a plan that cannot happen. `unassigned` lists the jobs for the
   * log; the answer itself is still the updated kit, and the jobs
   * appear without a kit on the next reload, ready for POST /kits/assign.
   */
  async update(id: number, input: KitUpdate): Promise<{ kit: Kit; unassigned: number[] }> {
    const zip = requireKnownZip(input.current_location_zip, 'current_location_zip');
    return this.db.transaction().execute(async (trx) => {
      await this.jobs.lockHoldingKit(id, trx);
      const kit = await this.kits.update(id, { ...input, current_location_zip: zip }, trx);
      if (kit === undefined) throw notFound(`Kit ${id} not found`);
      const unassigned = kit.is_out_for_maintenance
        ? await this.jobs.clearKit(id, trx, this.today())
        : [];
      return { kit, unassigned };
    });
  }

  /** Removes a kit and empties its slot on every job. */
  async delete(id: number): Promise<{ message: string }> {
    return this.db.transaction().execute(async (trx) => {
      await this.jobs.lockHoldingKit(id, trx);
      const kit = await this.kits.find(id, trx);
      if (kit === undefined) throw notFound(`Kit ${id} not found`);
      const jobs = (await this.jobs.clearKit(id, trx)).length;
      await this.kits.delete(id, trx);
      return { message: `Deleted ${kit.name}; removed from ${jobs} job(s).` };
    });
  }
}
