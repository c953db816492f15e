#!/usr/bin/env node
// Writes file-durations.json (the order longest-first.ts starts files in) from the durations
// vitest recorded in a checkout's cache after a whole run there (`npx vitest run`, every
// project, with TEST_DATABASE_URL set so that api-pg runs too):
//   node scripts/vitest/record-durations.mjs [CHECKOUT]
// CHECKOUT is this one by default; a fresh clone's first run gives a fresh clone's figures.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const checkout = resolve(process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url)));
const cacheDir = join(checkout, 'node_modules/.vite/vitest');
const caches = readdirSync(cacheDir)
  .map((name) => join(cacheDir, name, 'results.json'))
  .filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile());
if (caches.length !== 1) {
  console.error(`expected one results.json under ${cacheDir}, found ${caches.length}`);
  process.exit(2);
}
/** @type {{ results: [string, { duration: number }][] }} */
const cache = JSON.parse(readFileSync(caches[0], 'utf8'));
const seconds = Object.fromEntries(
  cache.results
    .map(([key, { duration }]) => [key, Math.round(duration / 100) / 10])
    .sort(([a], [b]) => a.localeCompare(b)),
);
const out = new URL('./file-durations.json', import.meta.url);
const from = new Date(statSync(caches[0]).mtimeMs).toISOString();
writeFileSync(out, `${JSON.stringify({ from, seconds }, null, 2)}\n`);
console.log(`${Object.keys(seconds).length} files -> ${fileURLToPath(out)}`);
