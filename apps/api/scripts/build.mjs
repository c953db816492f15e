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
// `--outdir <folder>` builds elsewhere (the build's own test).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { checkRelativePaths } from './worker-urls.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = path.resolve(root, values.outdir ?? 'dist');

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

const started = performance.now();
await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    'worker-main': 'src/worker-main.ts',
    'restore-main': 'src/restore-main.ts',
    // coverInThread starts ./path-cover.worker.js next to the bundle that calls it.
    'path-cover.worker': 'src/services/path-cover.worker.ts',
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
console.log(`apps/api/dist built in ${Math.round(performance.now() - started)} ms`);
