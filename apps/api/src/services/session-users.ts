import type { Role } from '@meridian/domain';
import type { DataVersionsRepository } from '../repositories/data-versions.repository';
import type { UsersRepository } from '../repositories/users.repository';

/** What a request's token is checked against: the user's current name, role and token key. */
export interface SessionUserRow {
  id: number;
  username: string;
  role: Role;
  token_key: string;
}

/**
 * The users rows that tokens are checked against, kept per version of the
 * users table. Every write to users (a new token key on a password reset or
 * role change, a rename, a deletion) bumps that counter in the same
 * transaction, so a row remembered under the current counter is the row in
 * the database: revocation takes effect on the first request after the write
 * commits, on every node. The counter is read before the row, so a row is
 * never remembered under a label newer than itself.
 */
export class SessionUsers {
  private version: string | null = null;
  private readonly rows = new Map<number, SessionUserRow | null>();

  constructor(
    private readonly users: UsersRepository,
    private readonly versions: DataVersionsRepository,
  ) {}

  /** The user's row as the database holds it now, or null when there is no such user. */
  async find(id: number): Promise<SessionUserRow | null> {
    const [version] = await this.versions.read(['users']);
    if (version !== this.version) {
      this.rows.clear();
      this.version = version ?? null;
    }
    const known = this.rows.get(id);
    if (known !== undefined) return known;
    const row = await this.users.findById(id);
    const found =
      row === undefined
        ? null
        : { id: row.id, username: row.username, role: row.role, token_key: row.token_key };
    // Another request may have seen a newer counter meanwhile: remember only under our own.
    if (this.version === version) this.rows.set(id, found);
    return found;
  }
}
