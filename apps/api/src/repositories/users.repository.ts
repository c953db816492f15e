import type { Role, User } from '@meridian/domain';
import { sql, type Kysely } from 'kysely';
import type { DB, UserRow } from '../db/schema';

/** A fresh random token key (as the column default draws one). */
const newTokenKey = sql<string>`replace(gen_random_uuid()::text, '-', '')`;

/** The public fields of a user row (never the hash). */
export const toUser = (row: UserRow): User => ({
  id: row.id,
  username: row.username,
  email: row.email,
  role: row.role,
  physicist_id: row.physicist_id,
});

/** SQL for the users table. Every method takes the handle to use, so callers can pass a transaction. */
export class UsersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** All users ordered by id. */
  list(db: Kysely<DB> = this.db): Promise<UserRow[]> {
    return db.selectFrom('users').selectAll().orderBy('id').execute();
  }

  /** The user with exactly this username. */
  async findByUsername(username: string, db: Kysely<DB> = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  }

  /** The user whose username matches case-insensitively (sign-in). */
  async findByLogin(username: string, db: Kysely<DB> = this.db): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', username.trim().toLowerCase())
      .executeTakeFirst();
  }

  /** The user with this id. */
  findById(id: number, db: Kysely<DB> = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Which of username / email is already taken (case-insensitive), if any. */
  async takenField(
    username: string,
    email: string,
    db: Kysely<DB> = this.db,
  ): Promise<'username' | 'email' | null> {
    const row = await db
      .selectFrom('users')
      .select([
        sql<boolean>`bool_or(lower(username) = ${username.toLowerCase()})`.as('username_taken'),
        sql<boolean>`bool_or(lower(email) = ${email.toLowerCase()})`.as('email_taken'),
      ])
      .executeTakeFirst();
    if (row?.username_taken === true) return 'username';
    if (row?.email_taken === true) return 'email';
    return null;
  }

  /** Inserts a user and returns the row. */
  insert(
    user: { username: string; email: string; passwordHash: string; role: Role },
    db: Kysely<DB> = this.db,
  ) {
    return db
      .insertInto('users')
      .values({
        username: user.username,
        email: user.email,
        password_hash: user.passwordHash,
        role: user.role,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Sets the role and draws a new token key so tokens carrying the old role stop working. */
  updateRole(id: number, role: Role, db: Kysely<DB> = this.db): Promise<UserRow | undefined> {
    return db
      .updateTable('users')
      .set({ role, token_key: newTokenKey })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Sets a new hash and draws a new token key so every existing session ends. */
  updatePassword(
    id: number,
    passwordHash: string,
    db: Kysely<DB> = this.db,
  ): Promise<UserRow | undefined> {
    return db
      .updateTable('users')
      .set({ password_hash: passwordHash, token_key: newTokenKey })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Whether another account than `id` has this e-mail (case-insensitive). */
  async emailTakenByOther(email: string, id: number, db: Kysely<DB> = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('id', '<>', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Sets the user's e-mail address; sessions go on (the token does not carry it). */
  updateEmail(id: number, email: string, db: Kysely<DB> = this.db): Promise<UserRow | undefined> {
    return db
      .updateTable('users')
      .set({ email })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Draws a new token key: every session of the user ends ("sign out everywhere"). */
  rotateTokenKey(id: number, db: Kysely<DB> = this.db): Promise<UserRow | undefined> {
    return db
      .updateTable('users')
      .set({ token_key: newTokenKey })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes a user; true when a row was removed. */
  async delete(id: number, db: Kysely<DB> = this.db): Promise<boolean> {
    const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Locks the admin rows and returns their ids, so last-admin checks cannot race (call inside a transaction). */
  async lockAdminIds(db: Kysely<DB>): Promise<number[]> {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .forUpdate()
      .execute();
    return rows.map((r) => r.id);
  }

  /** Links the account to a physicist (or unlinks it with null); sessions stay valid. */
  setPhysicist(
    id: number,
    physicistId: number | null,
    db: Kysely<DB> = this.db,
  ): Promise<UserRow | undefined> {
    return db
      .updateTable('users')
      .set({ physicist_id: physicistId })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** The account linked to a physicist, if any. */
  findByPhysicist(physicistId: number, db: Kysely<DB> = this.db): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where('physicist_id', '=', physicistId)
      .executeTakeFirst();
  }

  /**
   * Every linked account as (user id, physicist id), row-locked when `lock` is
   * set inside a transaction, so two "notify affected" calls take turns.
   */
  async linked(
    db: Kysely<DB> = this.db,
    lock = false,
  ): Promise<{ id: number; physicist_id: number }[]> {
    let query = db
      .selectFrom('users')
      .select(['id', 'physicist_id'])
      .where('physicist_id', 'is not', null)
      .orderBy('id');
    if (lock) query = query.forUpdate();
    const rows = await query.execute();
    return rows.flatMap((r) =>
      r.physicist_id === null ? [] : [{ id: r.id, physicist_id: r.physicist_id }],
    );
  }

  /** Number of users (bootstrap: create the first admin when zero). */
  async count(db: Kysely<DB> = this.db): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  }
}
