// A build never rewrites files under a running process (docs/ARCHITECTURE.md).
// Each build of a package writes a new folder, <package>/.dist/<stamp>, and
// then points <package>/dist at it by renaming a fresh symbolic link over the
// old one: rename(2) replaces it in one step, so any reader of dist/ sees the
// whole old build or the whole new one, never half of either. A running
// process keeps the build it started from: Node resolves the real path of
// its main module (apps/api/dist/main.js is .dist/<stamp>/main.js to it), and
// the server pins the optimizer's and the web app's real folders at start
// (apps/api/src/build-pin.ts), marking each with .in-use/<pid>. Publishing
// removes the older builds no live process marks, keeping the one it just
// replaced (a process may be starting from it this very moment).
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/** Folder of a package's builds, beside its dist link. */
export const BUILDS = '.dist';
let builds = 0;

/** Folder inside a build holding one empty file per process running from it, named by pid. */
export const IN_USE = '.in-use';

/**
 * A new build folder for the package, <package>/.dist/<time>-<pid>, marked
 * in use by this builder until it is published, so that another build
 * publishing meanwhile does not remove it half-written.
 */
export function newBuildDir(packageDir) {
  const stamp = new Date().toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 18);
  builds += 1;
  const dir = path.join(packageDir, BUILDS, `${stamp}-${process.pid}-${builds}`);
  markInUse(dir, process.pid);
  return dir;
}

/** Marks a build folder as used by a process (an empty file .in-use/<pid>). */
export function markInUse(buildDir, pid) {
  mkdirSync(path.join(buildDir, IN_USE), { recursive: true });
  writeFileSync(path.join(buildDir, IN_USE, String(pid)), '');
}

/** Whether a process with this id is alive (EPERM: alive, someone else's). */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Whether a live process marks this build as in use. */
export function isInUse(buildDir) {
  const marks = path.join(buildDir, IN_USE);
  if (!existsSync(marks)) return false;
  return readdirSync(marks).some((name) => /^\d+$/.test(name) && isAlive(Number(name)));
}

/** The build folder dist points at now (absolute), or null when dist is missing or not a link. */
export function currentBuild(packageDir) {
  const link = path.join(packageDir, 'dist');
  try {
    if (!lstatSync(link).isSymbolicLink()) return null;
  } catch {
    return null;
  }
  return path.resolve(packageDir, readlinkSync(link));
}

/**
 * Points <package>/dist at `buildDir` in one rename, then removes the builds
 * older than the one replaced that no live process uses. A dist that is still
 * a plain folder (a checkout built before this change) is moved into .dist
 * first, as a build like the others.
 */
export function publishBuild(packageDir, buildDir) {
  const link = path.join(packageDir, 'dist');
  let previous = currentBuild(packageDir);
  if (previous === null && existsSync(link)) {
    previous = path.join(packageDir, BUILDS, `before-links-${process.pid}`);
    renameSync(link, previous);
  }
  rmSync(path.join(buildDir, IN_USE, String(process.pid)), { force: true });
  const temporary = path.join(packageDir, `.dist-link-${process.pid}`);
  rmSync(temporary, { force: true });
  symlinkSync(path.relative(packageDir, buildDir), temporary, 'dir');
  renameSync(temporary, link);
  const keep = new Set([buildDir, previous].filter((dir) => dir !== null));
  const builds = path.join(packageDir, BUILDS);
  for (const name of readdirSync(builds)) {
    const dir = path.join(builds, name);
    if (keep.has(dir) || isInUse(dir)) continue;
    rmSync(dir, { recursive: true, force: true });
  }
}
