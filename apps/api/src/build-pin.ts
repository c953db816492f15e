import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkOptimizerBuild } from '@meridian/optimizer';
import { WEB_DIST_DIR } from './config/app-root';

/** The folder a package's builds live in (scripts/build/versioned-dist.mjs). */
const BUILDS = '.dist';

/** The build folder a path lies in (<package>/.dist/<stamp>), or null when it is not in one. */
function buildFolderOf(file: string): string | null {
  let dir = file;
  while (path.dirname(dir) !== dir) {
    if (path.basename(path.dirname(dir)) === BUILDS) return dir;
    dir = path.dirname(dir);
  }
  return null;
}

/**
 * Keeps this process on the builds it started from: the optimizer's worker
 * files are resolved now and kept (builtWorkerUrl remembers the first
 * answer), the web app's folder is taken by its real path (installStaticWeb),
 * and each build folder in use, the server's own included, is marked
 * .in-use/<pid> until the process exits, so a later build's publish keeps it
 * (a build never rewrites or removes files under a running process). From
 * the sources (tests, tsx) there is nothing to mark.
 */
export function pinBuilds(): void {
  const folders = new Set<string>();
  const own = buildFolderOf(fileURLToPath(import.meta.url));
  if (own !== null) folders.add(own);
  try {
    const optimizer = buildFolderOf(fileURLToPath(checkOptimizerBuild().solve));
    if (optimizer !== null) folders.add(optimizer);
  } catch {
    // No optimizer build: an optimisation says so when it is asked for.
  }
  try {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the web app's build folder, fixed at start
    const web = buildFolderOf(path.join(realpathSync(WEB_DIST_DIR), 'index.html'));
    if (web !== null) folders.add(web);
  } catch {
    // No web build: the server answers the API only.
  }
  const marks = [...folders].map((folder) => path.join(folder, '.in-use', String(process.pid)));
  for (const mark of marks) {
    try {
      // eslint-disable-next-line security/detect-non-literal-fs-filename -- inside this install's own build folders
      mkdirSync(path.dirname(mark), { recursive: true });
      // eslint-disable-next-line security/detect-non-literal-fs-filename -- inside this install's own build folders
      writeFileSync(mark, '');
    } catch {
      // A read-only install: no build runs beside it to remove anything.
    }
  }
  process.once('exit', () => {
    for (const mark of marks) rmSync(mark, { force: true });
  });
}
