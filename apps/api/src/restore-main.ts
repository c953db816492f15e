// `npm run restore -- <archive> [--replace]`: puts an embedded database backup
// (GET /api/v1/admin/backup) back into DATA_DIR while the server is stopped.
// PostgreSQL installations restore with pg_restore (docs/operations.md).
import path from 'node:path';
import { parseConfig } from './config/config';
import { DataDirLockedError } from './db/data-dir-lock';
import { restoreEmbedded, RestoreError } from './db/restore-embedded';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const replace = args.includes('--replace');
  const files = args.filter((a) => a !== '--replace');
  if (files.length !== 1 || files[0]?.startsWith('--')) {
    throw new RestoreError('usage: npm run restore -- <backup.tgz> [--replace]');
  }
  const config = parseConfig(process.env, []);
  if (config.databaseUrl !== null) {
    throw new RestoreError(
      'DATABASE_URL is set: restore a PostgreSQL backup with pg_restore (docs/operations.md)',
    );
  }
  // npm runs workspace scripts inside apps/api; INIT_CWD is where the user typed the command.
  const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0] ?? '');
  const done = await restoreEmbedded(config.dataDir, archive, { replace });
  console.log(
    `Restored ${done.users} users and ${done.jobs} jobs into ${done.dbDir}` +
      (done.previous === null ? '' : `; the database it replaced is kept at ${done.previous}`),
  );
}

main().catch((error: unknown) => {
  const known = error instanceof RestoreError || error instanceof DataDirLockedError;
  console.error(`meridian restore: ${known ? error.message : String(error)}`);
  process.exit(1);
});
