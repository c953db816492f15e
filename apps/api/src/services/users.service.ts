import type { Role, User } from '@meridian/domain';
import type { Kysely } from 'kysely';
import { hashPassword } from '../security/password';
import { judgePassword } from '../security/password-rule';
import { isUniqueViolation } from '../db/errors';
import type { DB, UserRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/http-error';
import type { PhysicistsRepository } from '../repositories/physicists.repository';
import { toUser, type UsersRepository } from '../repositories/users.repository';
import { suggestLinks, type LinkSuggestion } from './link-suggestions';

/** What linking an account records besides the link (the schedule it starts from). */
export interface LinkBaseline {
  reset(userId: number, physicistId: number | null, trx: Kysely<DB>): Promise<void>;
}

/** Input for a new account (admin-created, registered or seeded). */
export interface NewUser {
  username: string;
  email: string;
  password: string;
  role: Role;
}

/**
 * Where a password comes from: a person typing it (registration, an admin's
 * add or reset, the user's own change) must pass the rule; the operator's
 * ADMIN_PASSWORD and the demo's generated ones are set as given (a weak one
 * is asked to change at its next sign-in instead).
 */
export interface PasswordSource {
  fromOperator?: boolean;
}

/** 400 naming the rule when a typed password fails it (security/password-rule.ts). */
async function assertPasswordRule(password: string, account: { username: string; email?: string }) {
  const verdict = await judgePassword(password, account);
  if (verdict !== null) throw badRequest(verdict);
}

/** What tells the old address of an e-mail change (mail/email-change-notice.ts). */
export interface EmailChangeTeller {
  tell(
    trx: Kysely<DB>,
    change: { userId: number; oldEmail: string; newEmail: string },
  ): Promise<() => Promise<void>>;
}

/** Account rules: unique names and e-mails, revocation on change, never zero admins. */
export class UsersService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly users: UsersRepository,
    private readonly physicists: PhysicistsRepository,
    private readonly baseline: LinkBaseline,
    private readonly emailChange: EmailChangeTeller,
  ) {}

  /** Every user, without password hashes. */
  async list(): Promise<User[]> {
    return (await this.users.list()).map(toUser);
  }

  /** Creates an account; 409 when the username or e-mail is taken (case-insensitive). */
  async create(input: NewUser, source: PasswordSource = {}): Promise<User> {
    if (source.fromOperator !== true) await assertPasswordRule(input.password, input);
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

  /**
   * Applies an admin's edit: the role (a change revokes the user's tokens;
   * 409 when it would demote the last admin) and/or the linked
   * physicist (null unlinks; a link records the physicist's schedule as the
   * baseline of the user's first notice). 400 for an unknown physicist, 409 when another
   * account holds it; the whole edit applies or none of it.
   */
  async update(id: number, edit: { role?: Role; physicist_id?: number | null }): Promise<User> {
    return this.db.transaction().execute(async (trx) => {
      const current = await this.users.findById(id, trx);
      if (current === undefined) throw notFound(`User ${id} not found`);
      let row = current;
      if (edit.physicist_id !== undefined && edit.physicist_id !== current.physicist_id) {
        row = await this.link(trx, id, edit.physicist_id);
      }
      if (edit.role === undefined || edit.role === current.role) return toUser(row);
      if (current.role === 'admin') await this.assertNotLastAdmin(trx, id, 'demote');
      const updated = await this.users.updateRole(id, edit.role, trx);
      if (updated === undefined) throw notFound(`User ${id} not found`);
      return toUser(updated);
    });
  }

  /** Unlinked accounts whose name or e-mail matches an unlinked physicist, for an admin to confirm. */
  async linkSuggestions(): Promise<LinkSuggestion[]> {
    const [users, physicists] = await Promise.all([this.users.list(), this.physicists.list()]);
    return suggestLinks(users, physicists);
  }

  private async link(trx: Kysely<DB>, id: number, physicistId: number | null) {
    if (physicistId !== null) {
      // Row-locks the physicist, so it cannot be deleted while the link is written.
      const physicist = await this.physicists.find(physicistId, trx);
      if (physicist === undefined) throw badRequest(`No physicist with id ${physicistId}`);
      const holder = await this.users.findByPhysicist(physicistId, trx);
      if (holder !== undefined && holder.id !== id) {
        throw conflict(`${physicist.name} is already linked to the account '${holder.username}'`);
      }
    }
    try {
      const updated = await this.users.setPhysicist(id, physicistId, trx);
      if (updated === undefined) throw notFound(`User ${id} not found`);
      await this.baseline.reset(id, physicistId, trx);
      return updated;
    } catch (error) {
      // Two admins linking the same physicist at once: the unique index decides.
      if (isUniqueViolation(error))
        throw conflict('That physicist is already linked to another account');
      throw error;
    }
  }

  /** Sets a new password and ends the user's existing sessions. */
  async resetPassword(id: number, newPassword: string, source: PasswordSource = {}): Promise<User> {
    if (source.fromOperator !== true) {
      const current = await this.users.findById(id);
      if (current === undefined) throw notFound(`User ${id} not found`);
      await assertPasswordRule(newPassword, current);
    }
    const passwordHash = await hashPassword(newPassword);
    const updated = await this.users.updatePassword(id, passwordHash);
    if (updated === undefined) throw notFound(`User ${id} not found`);
    return toUser(updated);
  }

  /** The user's own new password (the rule applies); every session ends, the new row is answered. */
  async changePassword(current: UserRow, newPassword: string): Promise<UserRow> {
    await assertPasswordRule(newPassword, current);
    const updated = await this.users.updatePassword(current.id, await hashPassword(newPassword));
    if (updated === undefined) throw notFound(`User ${current.id} not found`);
    return updated;
  }

  /**
   * The user's own new e-mail address: 400 when it is already theirs, 409
   * when another account has it (case-insensitive). The old address is told,
   * in the transaction that writes the new one; mail goes to the new one from
   * then on. Answers the new row.
   */
  async changeEmail(current: UserRow, email: string): Promise<UserRow> {
    if (email.toLowerCase() === current.email.toLowerCase())
      throw badRequest(`${email} is already your e-mail address`);
    let wake = () => Promise.resolve();
    const updated = await this.db.transaction().execute(async (trx) => {
      if (await this.users.emailTakenByOther(email, current.id, trx))
        throw conflict('An account with this email already exists');
      let row: UserRow | undefined;
      try {
        row = await this.users.updateEmail(current.id, email, trx);
      } catch (error) {
        // Two accounts taking the same address at once: the unique index decides.
        if (isUniqueViolation(error)) throw conflict('An account with this email already exists');
        throw error;
      }
      if (row === undefined) throw notFound(`User ${current.id} not found`);
      wake = await this.emailChange.tell(trx, {
        userId: current.id,
        oldEmail: current.email,
        newEmail: row.email,
      });
      return row;
    });
    await wake();
    return updated;
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
