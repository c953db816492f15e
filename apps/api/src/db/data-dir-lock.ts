/* eslint-disable security/detect-non-literal-fs-filename -- the lock file sits in the configured data folder, set by the operator */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Raised when another live process holds the data folder. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readPid = (file: string): number | null => {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
};

/**
 * Takes DATA_DIR/.lock (created with O_EXCL, holding our pid) because PGlite does
 * not lock its folder and two processes would corrupt it. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      const release = () => {
        process.removeListener('exit', release);
        if (readPid(file) === process.pid) unlinkSync(file);
      };
      // Also on process.exit() paths that skip the orderly close (a crash still leaves a stale lock,
      // which the next start detects by its dead pid).
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readPid(file);
      if (holder !== null && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `Data folder ${dataDir} is in use by another Meridian process (pid ${holder}); stop it or set a different DATA_DIR`,
        );
      }
      // Stale lock from a crashed process (or unreadable): remove it and try once more.
      unlinkSync(file);
    }
  }
  throw new DataDirLockedError(`Could not take the lock file ${file}`);
}
