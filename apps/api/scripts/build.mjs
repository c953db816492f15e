// `npm run build -w apps/api`: bundles the server's entry points into
// apps/api/dist as plain JavaScript, so production runs `node dist/main.js`
// with no TypeScript loader and nothing compiled at run time. The workspace
// packages (@meridian/*) are TypeScript sources, so they are bundled in;
// every other package stays an import resolved from node_modules.
// Every worker thread's code is a file of this output (never bundled or
// written at run time, never read from a shared temporary folder), and the
// build fails when a relative path in the output names no file.
// `--outdir <folder>` builds elsewhere (the build's own test).
import { copyFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { checkRelativePaths } from './worker-urls.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = path.resolve(root, values.outdir ?? 'dist');
const optimizerSrc = path.join(root, '../../packages/optimizer/src');

/** Bare imports other than our workspace packages stay external. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@meridian/') || args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = performance.now();
await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    'worker-main': 'src/worker-main.ts',
    // coverInThread starts ./path-cover.worker.js next to the bundle that calls it.
    'path-cover.worker': 'src/services/path-cover.worker.ts',
    // The optimizer's SolveWorker starts ./solve-worker.js next to its own code, which
    // main and worker-main share, so it sits in a shared chunk.
    'chunks/solve-worker': path.join(optimizerSrc, 'runtime/solve-worker.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  plugins: [externalPackages],
});
// The exact solvers' threads are plain JavaScript already; their runners sit in chunks too.
for (const worker of ['exact/highs-worker.mjs', 'exact/minisat-worker.mjs']) {
  await copyFile(path.join(optimizerSrc, worker), path.join(outdir, 'chunks', path.basename(worker)));
}
const { missing } = await checkRelativePaths(outdir);
if (missing.length > 0) {
  console.error(`apps/api build: relative paths with no file in the output:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.log(`apps/api/dist built in ${Math.round(performance.now() - started)} ms`);
