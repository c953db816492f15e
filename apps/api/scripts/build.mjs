// `npm run build -w apps/api`: bundles the server's entry points into
// apps/api/dist as plain JavaScript, so production runs `node dist/main.js`
// with no TypeScript loader and nothing compiled at run time. The workspace
// packages (@meridian/*) are TypeScript sources, so they are bundled in;
// every other package stays an import resolved from node_modules.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');

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
console.log(`apps/api/dist built in ${Math.round(performance.now() - started)} ms`);
