/* eslint-disable security/detect-non-literal-fs-filename -- reads the app's own migrations folder */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { APP_ROOT } from '../config/app-root';

/** Where the committed SQL migrations live (apps/api/migrations/NNNN_name.sql). */
export const MIGRATIONS_DIR = path.join(APP_ROOT, 'migrations');

const MIGRATION_NAME = /^\d{4}_[a-z0-9_]+\.sql$/;

/** Lists migration files in apply order; refuses misnamed files so a typo cannot be skipped silently. */
export async function listMigrations(dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const bad = files.find((f) => !MIGRATION_NAME.test(f));
  if (bad !== undefined)
    throw new Error(`Migration file ${bad} must be named NNNN_lower_snake.sql`);
  return files;
}

/** Applies every migration not yet in schema_migrations, each in its own transaction; returns the names applied. */
export async function migrate<T>(db: Kysely<T>, dir = MIGRATIONS_DIR): Promise<string[]> {
  await sql`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`.execute(db);
  // One read of what is applied: a restart then opens no transaction and reads no
  // file (17 locked transactions cost a second of a loaded restart). What is not yet
  // applied is checked again under the lock, so concurrent starts still apply it once.
  const done = await sql<{ name: string }>`select name from schema_migrations`.execute(db);
  const already = new Set(done.rows.map((row) => row.name));
  const applied: string[] = [];
  for (const name of await listMigrations(dir)) {
    if (already.has(name)) continue;
    const script = await readFile(path.join(dir, name), 'utf8');
    const didApply = await db.transaction().execute(async (trx) => {
      // The lock makes concurrent starts on PostgreSQL apply each file exactly once.
      await sql`lock table schema_migrations in exclusive mode`.execute(trx);
      const done = await sql<{
        n: number;
      }>`select count(*)::int as n from schema_migrations where name = ${name}`.execute(trx);
      if ((done.rows[0]?.n ?? 0) > 0) return false;
      await sql.raw(script).execute(trx);
      await sql`insert into schema_migrations (name) values (${name})`.execute(trx);
      return true;
    });
    if (didApply) applied.push(name);
  }
  return applied;
}
