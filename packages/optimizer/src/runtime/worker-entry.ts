import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * A worker entry that Node loads without tsx, for development runs only. Under
 * tsx (tests, `npm run bench`) a `.ts` worker has to register tsx's loader and
 * transpile the whole import graph in the new thread, which takes 3 to 10 s on
 * a loaded 2-core machine. Here the entry and everything it imports are
 * bundled with esbuild (a dependency of this package; tsx uses it too) into
 * one plain JS file in the repository's own cache folder
 * (node_modules/.cache/meridian), named by a hash of the sources' content
 * (this package's and the domain package's src, and the lock file), so a
 * thread loads it in a fraction of a second and later processes with
 * unchanged sources skip the build.
 *
 * Never the shared temporary folder: a file there at a computable name could
 * have been planted by any login on the host, and it would run with the
 * server's database and JWT secret (issue 12). The cache folder sits beside
 * the sources, so whoever can write there could already edit the code.
 * Production never comes here: the build puts the worker next to the bundle.
 *
 * Resolves to undefined when the entry is already JS (a build) or esbuild is
 * not available; the caller then starts the thread the ordinary way. Only for
 * methods that need no file next to their module (the exact solvers' HiGHS
 * thread is located relative to its own module, so milp is not run this way).
 */
let cached: Promise<URL | undefined> | undefined;

/** The repository's cache folder, from this file (packages/optimizer/src/runtime). */
const CACHE_FOLDER = '../../../../node_modules/.cache/meridian/';

export function precompiledWorkerEntry(): Promise<URL | undefined> {
  cached ??= bundle().catch(() => undefined);
  return cached;
}

async function bundle(): Promise<URL | undefined> {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return undefined;
  const entry = fileURLToPath(new URL('./solve-worker.ts', here));
  const folder = fileURLToPath(new URL(CACHE_FOLDER, here));
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = join(folder, `solve-worker-${sourceHash()}.mjs`);
  if (existsSync(file)) return pathToFileURL(file);
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    // Only the portfolio's thread builds bundles; a member thread never needs esbuild.
    external: ['esbuild'],
    // The portfolio's members are local searches: the exact and learned methods (loaded lazily
    // by the registry, with MiniSat's and HiGHS's large code) stay out, so a thread loads less.
    plugins: [
      {
        name: 'portfolio-members-only',
        setup(b) {
          b.onResolve({ filter: /\/(exact|learned)\// }, (args) => ({
            path: args.path,
            external: true,
          }));
        },
      },
    ],
    // A CommonJS dependency bundled into ESM needs a require.
    banner: {
      js: "import { createRequire as __meridianRequire } from 'node:module'; const require = __meridianRequire(import.meta.url);",
    },
  });
  // Write then rename, so a concurrent process never loads half a file.
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(partial, result.outputFiles[0]!.contents);
  renameSync(partial, file);
  return pathToFileURL(file);
}

/** Content hash of every source file the bundle is made from (sorted paths and bytes). */
function sourceHash(): string {
  const hash = createHash('sha256');
  const roots = ['../../src', '../../../domain/src', '../../../../package-lock.json'];
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    if (path.endsWith('.json') || /\.m?[jt]s$/.test(path)) {
      hash.update(path).update(readFileSync(path));
      return;
    }
    let names: string[];
    try {
      names = readdirSync(path).sort();
    } catch {
      return;
    }
    for (const name of names) visit(join(path, name));
  };
  for (const root of roots) visit(fileURLToPath(new URL(root, import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}
