import type { Role } from '@meridian/domain';
import type { DataVersionsRepository } from '../repositories/data-versions.repository';
import type { RevokedTokensRepository } from '../repositories/revoked-tokens.repository';
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
 * never remembered under a label newer than itself. Signed-out token ids
 * (revoked_tokens) are remembered the same way under their own counter.
 */
export class SessionUsers {
  private version: string | null = null;
  private readonly rows = new Map<number, SessionUserRow | null>();
  private revokedVersion: string | null = null;
  private readonly revoked = new Map<string, boolean>();

  constructor(
    private readonly users: UsersRepository,
    private readonly versions: DataVersionsRepository,
    private readonly revokedTokens: RevokedTokensRepository,
  ) {}

  /**
   * The user's row as the database holds it now (null when there is no such
   * user), or null too when this token id was signed out.
   */
  async findSession(id: number, jti: string): Promise<SessionUserRow | null> {
    const [version, revokedVersion] = await this.versions.read(['users', 'revoked_tokens']);
    if (await this.isRevoked(jti, revokedVersion)) return null;
    return this.findAt(id, version);
  }

  private async isRevoked(jti: string, version: string | undefined): Promise<boolean> {
    if (version !== this.revokedVersion) {
      this.revoked.clear();
      this.revokedVersion = version ?? null;
    }
    const known = this.revoked.get(jti);
    if (known !== undefined) return known;
    const isRevoked = await this.revokedTokens.isRevoked(jti);
    // Bounded like the verified-token memory: about one entry per live session.
    if (this.revoked.size >= 10_000) this.revoked.clear();
    if (this.revokedVersion === version) this.revoked.set(jti, isRevoked);
    return isRevoked;
  }

  private async findAt(id: number, version: string | undefined): Promise<SessionUserRow | null> {
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
