import type { Preferences, PreferencesUpdate } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import type { PhysicistsRepository } from '../repositories/physicists.repository';
import type { PreferencesRepository } from '../repositories/preferences.repository';
import type { UsersRepository } from '../repositories/users.repository';

const NOT_LINKED =
  'Your account is not linked to a physicist yet; ask an admin to link it in User Management';

/**
 * The days each physicist would rather not work: soft, so the optimiser pays
 * the preference weight per job day on one rather than refusing it
 * (docs/optimization.md). A physicist states their own; admins and managers
 * read them (the timeline's hatch, the explanation).
 */
export class PreferencesService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly users: UsersRepository,
    private readonly physicists: PhysicistsRepository,
    private readonly preferences: PreferencesRepository,
  ) {}

  /** The signed-in user's physicist's preferences (empty when none stated); 409 when unlinked. */
  async forUser(userId: number): Promise<Preferences> {
    return this.read(await this.linkedPhysicist(userId, this.db));
  }

  /**
   * Replaces the signed-in user's preferences with `update` (already sorted
   * and unique by its schema) and answers them as stored; 409 when unlinked.
   */
  async replaceForUser(userId: number, update: PreferencesUpdate): Promise<Preferences> {
    return this.db.transaction().execute(async (trx) => {
      const physicist = await this.linkedPhysicist(userId, trx);
      await this.preferences.replace(physicist.id, update.avoid_dates, update.avoid_weekdays, trx);
      return this.read(physicist, trx);
    });
  }

  /** One physicist's preferences (admin, manager); 404 when there is no such physicist. */
  async forPhysicist(physicistId: number): Promise<Preferences> {
    const physicist = await this.physicists.find(physicistId);
    if (physicist === undefined) throw notFound(`Physicist ${physicistId} not found`);
    return this.read(physicist);
  }

  /** Every physicist who stated any preference (admin, manager), by physicist id. */
  list(): Promise<Preferences[]> {
    return this.preferences.list();
  }

  private async linkedPhysicist(
    userId: number,
    db: Kysely<DB>,
  ): Promise<{ id: number; name: string }> {
    const physicistId = (await this.users.findById(userId, db))?.physicist_id ?? null;
    const physicist =
      physicistId === null ? undefined : await this.physicists.find(physicistId, db);
    if (physicist === undefined) throw conflict(NOT_LINKED);
    return physicist;
  }

  private async read(
    physicist: { id: number; name: string },
    db: Kysely<DB> = this.db,
  ): Promise<Preferences> {
    const [stored] = await this.preferences.list(physicist.id, db);
    return {
      physicist_id: physicist.id,
      physicist_name: physicist.name,
      avoid_dates: stored?.avoid_dates ?? [],
      avoid_weekdays: stored?.avoid_weekdays ?? [],
    };
  }
}
