// `npm run build -w apps/api`: bundles the server's entry points into
// apps/api/dist as plain JavaScript, so production runs `node dist/main.js`
// with no TypeScript loader and nothing compiled at run time. The workspace
// packages (@meridian/*) are TypeScript sources, so they are bundled in;
// every other package stays an import resolved from node_modules.
// Every worker thread's code is a build output (never bundled or written at
// run time, never read from a shared temporary folder): the server's own
// thread is a file of this output, and the build fails when a relative path
// in the output names no file; the optimizer's threads are files of its own
// build (packages/optimizer/dist, `npm run build:server` makes it first),
// which its code, inlined here, finds through the package name.
// Last, it writes the data folder a first start unpacks instead of running
// initdb and the migrations (first-start-template.tar.gz and .json, made by the
// bundled first-start-template-main.js, so by this very code; see
// src/db/first-start-template.ts). `--no-template` skips it: a start then runs
// initdb as before.
// `--outdir <folder>` builds elsewhere (the build's own test).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { build } from 'esbuild';
import { newBuildDir, publishBuild } from '../../../scripts/build/versioned-dist.mjs';
import { checkRelativePaths } from './worker-urls.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { outdir: { type: 'string' }, 'no-template': { type: 'boolean' } },
});
// Without --outdir, a new folder .dist/<stamp>, published as dist/ once complete
// (scripts/build/versioned-dist.mjs): a running server's files are never rewritten.
const outdir = values.outdir === undefined ? newBuildDir(root) : path.resolve(root, values.outdir);

/**
 * Packages bundled in although they are not ours: kysely ships as 279 small ES
 * modules, and resolving and loading them one by one took 0.5 to 1 s of every
 * start on a loaded machine, against 0.1 s as one bundled file. It is plain
 * JavaScript with no files of its own to find at run time, and no package we
 * leave external imports it, so one copy serves the whole server.
 */
const BUNDLED_PACKAGES = ['kysely'];

/** Bare imports other than our workspace packages (and BUNDLED_PACKAGES) stay external. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@meridian/') || args.kind === 'entry-point') return undefined;
      const name = args.path.split('/')[0];
      if (BUNDLED_PACKAGES.includes(name)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const TEMPLATE_FILES = ['first-start-template.tar.gz', 'first-start-template.json'];

/**
 * Where a template made by identical code is kept between builds: making one
 * runs initdb (5 to 6 CPU seconds, 12 s at load 15), and `npm start` builds
 * every time. The key hashes the bundled maker with every chunk it imports
 * (esbuild's output is the same for the same sources), the migrations and the
 * lockfile (the PGlite and zip package versions); anything else is a new key.
 */
async function templateCache(dir) {
  const hash = createHash('sha256');
  const seen = new Set();
  const add = async (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = await readFile(path.join(dir, file), 'utf8');
    hash.update(file).update(text);
    for (const match of text.matchAll(/from\s*"\.\/([^"]+\.js)"/g)) await add(match[1]);
  };
  await add('first-start-template-main.js');
  const migrations = path.join(root, 'migrations');
  for (const name of (await readdir(migrations)).sort())
    hash.update(name).update(await readFile(path.join(migrations, name)));
  hash.update(await readFile(path.join(root, '../../package-lock.json')));
  const key = hash.digest('hex').slice(0, 16);
  return { key, cached: path.join(root, '../../node_modules/.cache/meridian-first-start', key) };
}

/** Copies both template files from one folder to another; false when `from` lacks one. */
async function copyTemplate(from, to) {
  try {
    await mkdir(to, { recursive: true });
    for (const name of TEMPLATE_FILES) await copyFile(path.join(from, name), path.join(to, name));
    return true;
  } catch (error) {
    if (error.code === 'ENOENT') return false;
    throw error;
  }
}

const started = performance.now();
if (values.outdir !== undefined) await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    'worker-main': 'src/worker-main.ts',
    'restore-main': 'src/restore-main.ts',
    'first-start-template-main': 'src/first-start-template-main.ts',
    // coverInThread starts ./path-cover.worker.js next to the bundle that calls it.
    'path-cover.worker': 'src/kinds/kit-assignment/path-cover.worker.ts',
    // readXlsxInThread starts ./xlsx-read.worker.js next to the bundle that calls it.
    'xlsx-read.worker': 'src/io/xlsx/xlsx-read.worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  // Chunks sit beside the entries, so a thread's './x.worker.js' URL resolves the same from either.
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
  plugins: [externalPackages],
});
const { missing } = await checkRelativePaths(outdir);
if (missing.length > 0) {
  console.error(
    `apps/api build: relative paths with no file in the output:\n  ${missing.join('\n  ')}`,
  );
  process.exit(1);
}
const bundled = performance.now();
console.log(`apps/api/dist bundled in ${Math.round(bundled - started)} ms`);
if (values['no-template'] !== true) {
  const { key, cached } = await templateCache(outdir);
  if (await copyTemplate(cached, outdir)) {
    console.log(`apps/api first-start data folder reused (${key})`);
  } else {
    // MALLOC_ARENA_MAX as npm start sets it; the process is the build's, not the server's.
    await promisify(execFile)(
      process.execPath,
      [path.join(outdir, 'first-start-template-main.js'), outdir],
      { cwd: root, env: { ...process.env, MALLOC_ARENA_MAX: '2' } },
    );
    await copyTemplate(outdir, cached);
    console.log(
      `apps/api first-start data folder prepared in ${Math.round(performance.now() - bundled)} ms`,
    );
  }
}
if (values.outdir === undefined) {
  publishBuild(root, outdir);
  console.log(`apps/api/dist -> ${path.relative(root, outdir)}`);
}
