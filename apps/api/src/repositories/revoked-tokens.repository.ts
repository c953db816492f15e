import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** SQL for revoked_tokens: signed-out token ids, kept until the token would have expired. */
export class RevokedTokensRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Records a signed-out token and drops rows whose tokens have expired since
   * (an expired token is refused by its exp alone), so the table holds at most
   * the sign-outs of one token lifetime. Signing out twice is one row.
   */
  async revoke(jti: string, userId: number, expiresAt: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('revoked_tokens').where('expires_at', '<', new Date()).execute();
      await trx
        .insertInto('revoked_tokens')
        .values({ jti, user_id: userId, expires_at: expiresAt })
        .onConflict((oc) => oc.column('jti').doNothing())
        .execute();
    });
  }

  /** Whether this token id was signed out. */
  async isRevoked(jti: string, db: Kysely<DB> = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('revoked_tokens')
      .select('jti')
      .where('jti', '=', jti)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Rows held now (for tests and the docs' figure). */
  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('revoked_tokens')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
