/* eslint-disable security/detect-non-literal-fs-filename -- the folders are the configured data folder and the archive the operator names */
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock';

/** What a restore did: where the database came back, and where the one it replaced went. */
export interface EmbeddedRestore {
  dbDir: string;
  /** The replaced database folder, kept beside it (null when there was none). */
  previous: string | null;
  users: number;
  jobs: number;
}

/** Raised for a restore that would lose data or cannot read its archive. */
export class RestoreError extends Error {
  override name = 'RestoreError';
}

/** Unpacks the archive into dbDir and counts users and jobs, which proves it is ours and readable. */
async function loadAndCount(
  dbDir: string,
  bytes: Buffer,
): Promise<{ users: number; jobs: number }> {
  const pglite = await PGlite.create(dbDir, { loadDataDir: new Blob([bytes]) });
  try {
    const count = async (table: 'users' | 'jobs') =>
      (await pglite.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ??
      0;
    return { users: await count('users'), jobs: await count('jobs') };
  } finally {
    await pglite.close();
  }
}

const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Restores a backup archive (GET /api/v1/admin/backup, or a test's dump) into
 * DATA_DIR/db. It takes the data folder's lock, so it refuses while a server
 * runs on the folder. An existing database is never overwritten: without
 * `replace` the restore stops; with it the old folder is renamed to
 * `db.before-restore-<time>` first. The restored copy is opened and counted
 * before the restore reports success.
 */
export async function restoreEmbedded(
  dataDir: string,
  archive: string,
  options: { replace?: boolean; now?: Date } = {},
): Promise<EmbeddedRestore> {
  if (!existsSync(archive)) throw new RestoreError(`backup archive not found: ${archive}`);
  const unlock = lockDataDir(dataDir);
  try {
    const dbDir = path.join(dataDir, 'db');
    let previous: string | null = null;
    if (!isEmptyFolder(dbDir)) {
      if (options.replace !== true) {
        throw new RestoreError(
          `${dbDir} already holds a database: pass --replace to keep it aside and restore over it`,
        );
      }
      const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
      previous = `${dbDir}.before-restore-${stamp}`;
      renameSync(dbDir, previous);
    }
    const bytes = await readFile(archive);
    try {
      const counts = await loadAndCount(dbDir, bytes);
      return { dbDir, previous, ...counts };
    } catch (error) {
      // Leave the folder as it was: drop what the failed load wrote, put the old one back.
      rmSync(dbDir, { recursive: true, force: true });
      if (previous !== null) renameSync(previous, dbDir);
      throw new RestoreError(
        `${archive} is not a backup of this app's embedded database: ${(error as Error).message}`,
      );
    }
  } finally {
    unlock();
  }
}
