import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../../src/db/database';

/**
 * The app's database in a fresh schema of its own on the PostgreSQL server at `url`, migrated,
 * whose close drops the schema with everything in it: a test's or a bench's scratch space, beside
 * others on one server. `prefix` names what made it, for a schema left behind by a killed run.
 */
export async function openScratchSchema(url: string, prefix: string): Promise<Database> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const database = await createDatabase({ databaseUrl: url, dataDir: '', schema });
  return {
    ...database,
    close: async () => {
      await sql.raw(`drop schema if exists ${schema} cascade`).execute(database.db);
      await database.close();
    },
  };
}
