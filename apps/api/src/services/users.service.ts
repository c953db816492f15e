import type { Role, User } from '@meridian/domain';
import type { Kysely } from 'kysely';
import { hashPassword } from '../security/password';
import { isUniqueViolation } from '../db/errors';
import type { DB } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import { toUser, type UsersRepository } from '../repositories/users.repository';

/** Input for a new account (admin-created, registered or seeded). */
export interface NewUser {
  username: string;
  email: string;
  password: string;
  role: Role;
}

/** Account rules: unique names and e-mails, revocation on change, never zero admins. */
export class UsersService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly users: UsersRepository,
  ) {}

  /** Every user, without password hashes. */
  async list(): Promise<User[]> {
    return (await this.users.list()).map(toUser);
  }

  /** Creates an account; 409 when the username or e-mail is taken (case-insensitive). */
  async create(input: NewUser): Promise<User> {
    const taken = await this.users.takenField(input.username, input.email);
    if (taken === 'username') throw conflict(`Username '${input.username}' is already taken`);
    if (taken === 'email') throw conflict('An account with this email already exists');
    const passwordHash = await hashPassword(input.password);
    try {
      return toUser(await this.users.insert({ ...input, passwordHash }));
    } catch (error) {
      // Two simultaneous sign-ups with the same name: the unique index decides.
      if (isUniqueViolation(error)) throw conflict('Username or email is already taken');
      throw error;
    }
  }

  /** Changes a role (revoking the user's tokens); 409 when it would demote the last admin. */
  async changeRole(id: number, role: Role): Promise<User> {
    return this.db.transaction().execute(async (trx) => {
      const current = await this.users.findById(id, trx);
      if (current === undefined) throw notFound(`User ${id} not found`);
      if (current.role === role) return toUser(current);
      if (current.role === 'admin') await this.assertNotLastAdmin(trx, id, 'demote');
      const updated = await this.users.updateRole(id, role, trx);
      if (updated === undefined) throw notFound(`User ${id} not found`);
      return toUser(updated);
    });
  }

  /** Sets a new password and ends the user's existing sessions. */
  async resetPassword(id: number, newPassword: string): Promise<User> {
    const passwordHash = await hashPassword(newPassword);
    const updated = await this.users.updatePassword(id, passwordHash);
    if (updated === undefined) throw notFound(`User ${id} not found`);
    return toUser(updated);
  }

  /** Deletes an account; 409 when it is the last admin. */
  async delete(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = await this.users.findById(id, trx);
      if (current === undefined) throw notFound(`User ${id} not found`);
      if (current.role === 'admin') await this.assertNotLastAdmin(trx, id, 'delete');
      await this.users.delete(id, trx);
    });
  }

  private async assertNotLastAdmin(trx: Kysely<DB>, id: number, action: 'delete' | 'demote') {
    const admins = await this.users.lockAdminIds(trx);
    if (admins.filter((adminId) => adminId !== id).length === 0) {
      throw conflict(`Cannot ${action} the last admin; make another user admin first`);
    }
  }
}
