import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The worker threads the optimizer starts; each is a file of its build (packages/optimizer/dist). */
export const BUILT_WORKERS = ['solve', 'highs', 'milp-role'] as const;
export type BuiltWorker = (typeof BUILT_WORKERS)[number];

/** Each worker's file as first resolved (a real path inside one build folder). */
const resolved = new Map<BuiltWorker, URL>();

/** The optimizer's build is missing: `npm run build` makes it. */
export class OptimizerBuildMissingError extends Error {
  constructor(specifier: string, detail: string) {
    super(
      `the optimizer's worker file ${specifier} is missing (${detail}); run \`npm run build\` first`,
    );
    this.name = 'OptimizerBuildMissingError';
  }
}

/**
 * The built file of a worker thread. It is resolved through the package name
 * (`@meridian/optimizer/workers/<name>` in package.json's exports), never
 * next to the calling module: the caller may be this package's TypeScript
 * source, its own build, or a bundle of another app that inlined this code
 * (apps/api/dist), and from each of them the package resolves to the same
 * dist/. Throws OptimizerBuildMissingError when the file is not there.
 * The first answer is kept: dist/ is a link to a versioned build and Node
 * resolves it to its real folder, so the process keeps the build it started
 * with while a later build is published beside it (scripts/build/versioned-dist.mjs).
 */
export function builtWorkerUrl(name: BuiltWorker): URL {
  const specifier = `@meridian/optimizer/workers/${name}`;
  let url = resolved.get(name);
  if (url !== undefined) {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the optimizer's own build folder, resolved before
    if (!existsSync(url)) throw new OptimizerBuildMissingError(specifier, fileURLToPath(url));
    return url;
  }
  try {
    url = new URL(import.meta.resolve(specifier));
  } catch (error) {
    throw new OptimizerBuildMissingError(specifier, (error as Error).message);
  }
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- the path is the optimizer's own build folder, never the shared temporary folder
  if (!existsSync(url)) throw new OptimizerBuildMissingError(specifier, fileURLToPath(url));
  resolved.set(name, url);
  return url;
}

/** Every built worker file, or OptimizerBuildMissingError: a server checks this when it starts. */
export function checkOptimizerBuild(): Record<BuiltWorker, URL> {
  return {
    solve: builtWorkerUrl('solve'),
    highs: builtWorkerUrl('highs'),
    'milp-role': builtWorkerUrl('milp-role'),
  };
}
