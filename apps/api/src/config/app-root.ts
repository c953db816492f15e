import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The apps/api folder: the nearest folder above this module with a
 * package.json. Found rather than written as '../..' because this module runs
 * from src/config/ under tests and bundled into dist/ in production.
 */
function findAppRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- the path is the app's own install folder
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/api/package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

export const APP_ROOT = findAppRoot();

/** apps/web/dist, the Vite build the server hosts (a link to the current build). */
export const WEB_DIST_DIR = path.resolve(APP_ROOT, '../web/dist');
