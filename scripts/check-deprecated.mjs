// `npm run lint` runs this: it fails when the installed tree (package-lock.json,
// which `npm ci` installs exactly) holds a deprecated package. Offline, from
// two sources:
//  1. the lockfile's own "deprecated" fields: npm writes one for every package
//     it resolves from a registry that marks the version deprecated;
//  2. KNOWN_DEPRECATED below: deprecations this project has met, for lockfile
//     entries written without the field (npm keeps an entry as it was while
//     its version stays, and the registry this workplace reaches does not send
//     the field at all).
// So no network is asked, and the check gives the same answer on every machine.
// Usage: node scripts/check-deprecated.mjs [path/to/package-lock.json]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Deprecated releases met in this tree, by name: `below` bounds the deprecated
 * versions (absent: every version). The first seven came in through exceljs
 * (the spreadsheet exports and imports); add one whenever npm warns of another.
 */
export const KNOWN_DEPRECATED = {
  inflight: { reason: 'deprecated on npm (issue 22)' },
  fstream: { reason: 'deprecated on npm (issue 22)' },
  rimraf: { below: '4.0.0', reason: 'versions before 4 are deprecated on npm (issue 22)' },
  glob: { below: '9.0.0', reason: 'versions before 9 are deprecated on npm (issue 22)' },
  uuid: { below: '9.0.0', reason: 'version 8 and older are deprecated on npm (issue 22)' },
  unzipper: { below: '0.11.0', reason: 'version 0.10 and older are deprecated on npm (issue 22)' },
  archiver: { below: '6.0.0', reason: 'version 5 and older are deprecated on npm (issue 22)' },
};

/** -1, 0 or 1 as version `a` is below, equal to or above `b` (numeric x.y.z; pre-release tags ignored). */
export function compareVersions(a, b) {
  const parts = (v) =>
    v
      .split(/[-+]/)[0]
      .split('.')
      .map((n) => Number(n) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0) ? -1 : 1;
  }
  return 0;
}

/** The package name of a lockfile key: `node_modules/a/node_modules/@s/b` -> `@s/b`. */
const nameOf = (key, entry) =>
  entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** Every deprecated package in a parsed lockfile, as `name@version: reason (where)`. */
export function findDeprecated(lock, known = KNOWN_DEPRECATED) {
  const found = [];
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    if (!key.includes('node_modules/') || entry.link) continue;
    const name = nameOf(key, entry);
    const rule = Object.hasOwn(known, name) ? known[name] : undefined;
    const listed =
      rule !== undefined &&
      (rule.below === undefined || compareVersions(entry.version, rule.below) < 0);
    const reason = entry.deprecated ?? (listed ? rule.reason : undefined);
    if (reason !== undefined) found.push(`${name}@${entry.version}: ${reason} (${key})`);
  }
  return found;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = path.resolve(process.argv[2] ?? path.join(root, 'package-lock.json'));
  const found = findDeprecated(JSON.parse(readFileSync(file, 'utf8')));
  if (found.length > 0) {
    console.error(`Deprecated packages in ${path.relative(process.cwd(), file)}:`);
    for (const line of found) console.error(`  ${line}`);
    console.error('Replace them (or the package that brings them) with maintained ones.');
    process.exit(1);
  }
  console.log(`No deprecated package in ${path.relative(process.cwd(), file) || file}.`);
}
