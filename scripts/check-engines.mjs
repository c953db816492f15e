// `npm run lint` runs this: the root package.json's `engines.node` must promise
// no Node version that an installed package rules out. It reads every package
// package-lock.json installs (npm ci installs exactly that tree) from its
// package.json in node_modules, intersects their `engines.node` ranges, and
// fails when the root range is wider than that intersection, naming the
// packages that rule out the extra versions. Offline and the same on every
// machine; a package of another platform that npm left out is skipped.
// Usage: node scripts/check-engines.mjs [repository folder]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/**
 * Packages whose declared range is narrower than the root's, accepted after a
 * review, by exact name@version (a new version is reviewed again). Both are
 * ESM-only with no Node API newer than 20 and say ">=22" for require(esm),
 * which Node has unflagged since 20.19; fastify's inject (light-my-request)
 * and @fastify/static require() them, and every API test on Node 20 loads them
 * (docs/ARCHITECTURE.md, "Node versions").
 */
export const ACCEPTED = {
  'cookie@2.0.2': 'ESM-only, loaded with require(esm) (Node 20.19+) by light-my-request',
  'content-disposition@3.0.0':
    'ESM-only, loaded with require(esm) (Node 20.19+) by @fastify/static',
};

/** The one interval (bounds inclusive or not, null for none) a comparator set allows. */
function intervalOf(comparators) {
  let lo = null;
  let loInc = true;
  let hi = null;
  let hiInc = true;
  for (const c of comparators) {
    if (c.semver === semver.Comparator.ANY) continue;
    const v = c.semver;
    const op = c.operator;
    if (op === '>=' || op === '>' || op === '') {
      const cmp = lo === null ? 1 : semver.compare(v, lo);
      if (cmp > 0 || (cmp === 0 && op === '>')) [lo, loInc] = [v, op !== '>'];
    }
    if (op === '<=' || op === '<' || op === '') {
      const cmp = hi === null ? -1 : semver.compare(v, hi);
      if (cmp < 0 || (cmp === 0 && op === '<')) [hi, hiInc] = [v, op !== '<'];
    }
  }
  return { lo, loInc, hi, hiInc };
}

const isEmpty = ({ lo, loInc, hi, hiInc }) => {
  if (lo === null || hi === null) return false;
  const cmp = semver.compare(lo, hi);
  return cmp > 0 || (cmp === 0 && !(loInc && hiInc));
};

/** A range as a union of non-empty intervals. */
export const intervals = (range) =>
  new semver.Range(range).set.map(intervalOf).filter((i) => !isEmpty(i));

/** The higher of two lower bounds (the stricter when equal). */
function higherLow(x, y) {
  if (x.lo === null) return [y.lo, y.loInc];
  if (y.lo === null) return [x.lo, x.loInc];
  const cmp = semver.compare(x.lo, y.lo);
  return cmp > 0 ? [x.lo, x.loInc] : cmp < 0 ? [y.lo, y.loInc] : [x.lo, x.loInc && y.loInc];
}

/** The lower of two upper bounds (the stricter when equal). */
function lowerHigh(x, y) {
  if (x.hi === null) return [y.hi, y.hiInc];
  if (y.hi === null) return [x.hi, x.hiInc];
  const cmp = semver.compare(x.hi, y.hi);
  return cmp < 0 ? [x.hi, x.hiInc] : cmp > 0 ? [y.hi, y.hiInc] : [x.hi, x.hiInc && y.hiInc];
}

/** The intersection of two unions of intervals, lowest first. */
function intersect(a, b) {
  const out = [];
  for (const x of a) {
    for (const y of b) {
      const [lo, loInc] = higherLow(x, y);
      const [hi, hiInc] = lowerHigh(x, y);
      const i = { lo, loInc, hi, hiInc };
      if (!isEmpty(i)) out.push(i);
    }
  }
  return out.sort((p, q) => (p.lo === null ? -1 : q.lo === null ? 1 : semver.compare(p.lo, q.lo)));
}

/** A union of intervals written as a semver range ("<0.0.0-0" when empty). */
export function rangeText(union) {
  if (union.length === 0) return '<0.0.0-0';
  return union
    .map(({ lo, loInc, hi, hiInc }) => {
      const parts = [];
      if (lo !== null) parts.push(`${loInc ? '>=' : '>'}${lo.version}`);
      if (hi !== null) parts.push(`${hiInc ? '<=' : '<'}${hi.version}`);
      return parts.length === 0 ? '*' : parts.join(' ');
    })
    .join(' || ');
}

/** `engines.node` of every installed package of a lockfile: [{ id: name@version, range }]. */
export function installedEngines(repo) {
  const lock = JSON.parse(readFileSync(path.join(repo, 'package-lock.json'), 'utf8'));
  const found = [];
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    if (!key.includes('node_modules/') || entry.link) continue;
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(repo, key, 'package.json'), 'utf8'));
    } catch {
      continue; // an optional package of another platform, not installed here
    }
    const range = manifest.engines?.node;
    if (typeof range !== 'string' || range.trim() === '') continue;
    found.push({ id: `${manifest.name}@${manifest.version}`, range, key });
  }
  return found;
}

/**
 * The intersection of the packages' ranges (accepted ones left out), and the
 * problems: packages whose range does not hold all of the root's, accepted
 * entries that are no longer installed (so the list stays true).
 */
export function checkEngines(rootRange, packages, accepted = ACCEPTED) {
  let union = intervals('*');
  const narrower = [];
  for (const p of packages) {
    if (Object.hasOwn(accepted, p.id)) continue;
    union = intersect(union, intervals(p.range));
    if (!semver.subset(rootRange, p.range)) narrower.push(`${p.id} needs node ${p.range}`);
  }
  const ids = new Set(packages.map((p) => p.id));
  const stale = Object.keys(accepted).filter((id) => !ids.has(id));
  return { intersection: rangeText(union), narrower, stale };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const repo = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
  );
  const root = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')).engines?.node;
  const packages = installedEngines(repo);
  const { intersection, narrower, stale } = checkEngines(root ?? '*', packages);
  console.log(`${packages.length} installed packages name a Node range; together: ${intersection}`);
  if (narrower.length > 0 || stale.length > 0 || root === undefined) {
    console.error(`Root engines.node "${root}" promises more than the installed packages allow:`);
    for (const line of narrower) console.error(`  ${line}`);
    for (const id of stale)
      console.error(`  ${id} is accepted in scripts/check-engines.mjs but not installed`);
    console.error(`Set engines.node to at most ${intersection}, or review and accept the package.`);
    process.exit(1);
  }
  console.log(`Root engines.node "${root}" is within it.`);
}
