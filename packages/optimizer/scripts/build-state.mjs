// Whether dist/ is there and newer than every file it was built from.
// Reads dist/build.json (written by build.mjs); needs neither esbuild nor TypeScript.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_INFO = path.join(PACKAGE_DIR, 'dist/build.json');

/**
 * 'missing' (no build, or an entry file gone), 'stale' with the first input
 * changed since the build (relative to the package), or 'fresh'.
 * @returns {{ state: 'missing' } | { state: 'stale', changed: string } | { state: 'fresh' }}
 */
export function buildState() {
  if (!existsSync(BUILD_INFO)) return { state: 'missing' };
  const info = JSON.parse(readFileSync(BUILD_INFO, 'utf8'));
  for (const out of Object.keys(info.entries)) {
    if (!existsSync(path.join(PACKAGE_DIR, 'dist', `${out}.js`))) return { state: 'missing' };
  }
  for (const input of info.inputs) {
    const file = path.resolve(PACKAGE_DIR, input);
    // A deleted input changed the sources as much as an edited one.
    if (!existsSync(file) || statSync(file).mtimeMs > info.builtAt) {
      return { state: 'stale', changed: input };
    }
  }
  return { state: 'fresh' };
}
