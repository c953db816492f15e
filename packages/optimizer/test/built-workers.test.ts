import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { checkHardConstraints } from '@meridian/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { OptimizerBuildMissingError, builtWorkerUrl } from '../src/core/built-workers';
import type { BuiltWorker } from '../src/core/built-workers';
import { solve } from '../src/runtime/solve';
import { solveInProcess } from '../src/runtime/solve-in-process';
import { randomInstance } from './fixtures';

const run = promisify(execFile);
const PACKAGE_DIR = join(import.meta.dirname, '..');
const REPO_ROOT = join(PACKAGE_DIR, '../..');
const cleanUp: string[] = [];
afterAll(() => {
  for (const path of cleanUp) rmSync(path, { recursive: true, force: true });
});

/**
 * Where the optimizer used to bundle its worker at run time and load it from
 * if present: os.tmpdir()/meridian-solve-worker-<hash>.mjs, the hash taken
 * over the optimizer's and the domain's sources and the lock file exactly as
 * that code did (paths and bytes, sorted), so for today's sources this is
 * the name it would have loaded.
 */
function oldBundlePath(): string {
  const hash = createHash('sha256');
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
  for (const root of ['src', '../domain/src', '../../package-lock.json'])
    visit(join(PACKAGE_DIR, root));
  return join(tmpdir(), `meridian-solve-worker-${hash.digest('hex').slice(0, 16)}.mjs`);
}

const oldBundles = () =>
  readdirSync(tmpdir()).filter((n) => n.startsWith('meridian-solve-worker-'));

describe('worker threads start from the build', () => {
  it('never load a file planted at the old shared temporary path, and write none there', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'planted-marker-')), 'ran');
    cleanUp.push(marker, oldBundlePath());
    const planted = `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'planted code ran');\n`;
    writeFileSync(oldBundlePath(), planted);
    const before = oldBundles();

    const instance = randomInstance(5, 40, 10);
    // The portfolio's member threads were the ones started from that path.
    const portfolio = await solveInProcess(instance, {
      algorithm: 'portfolio',
      timeLimitMs: 600_000,
      seed: 1,
      maxIterations: 20,
    });
    const onWorker = await solve(instance, { algorithm: 'ils', timeLimitMs: 2_000, seed: 1 });

    expect(existsSync(marker)).toBe(false);
    for (const result of [portfolio, onWorker]) {
      expect(checkHardConstraints(instance, result.assignments)).toEqual([]);
      expect(result.assignments.some((a) => a.lead_id !== null)).toBe(true);
    }
    // The member thread started (from the build) and ran.
    expect(portfolio.stats.worker_threads_ready).toBe(1);
    expect(readFileSync(oldBundlePath(), 'utf8')).toBe(planted);
    expect(oldBundles()).toEqual(before);
  });

  it('are found through the package name by a bundle of another app living elsewhere', async () => {
    // Like the api bundled into apps/api/dist: the optimizer's code is inlined, import.meta.url is the bundle's.
    const dir = join(REPO_ROOT, '.tmp', `bundle-${process.pid}`);
    cleanUp.push(dir);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'entry.ts'),
      [
        `import { readFileSync } from 'node:fs';`,
        `import { checkOptimizerBuild, solve } from '@meridian/optimizer';`,
        `checkOptimizerBuild();`,
        `const instance = JSON.parse(readFileSync(process.argv[2]!, 'utf8'));`,
        `const result = await solve(instance, { algorithm: 'heuristic', timeLimitMs: 30_000, seed: 1 });`,
        `console.log(JSON.stringify(result.assignments));`,
      ].join('\n'),
    );
    const { build } = await import('esbuild');
    await build({
      entryPoints: [join(dir, 'entry.ts')],
      outfile: join(dir, 'main.mjs'),
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      // Workspace packages inlined, everything from node_modules left as imports.
      plugins: [
        {
          name: 'dependencies-external',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@meridian/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    const bundle = readFileSync(join(dir, 'main.mjs'), 'utf8');
    // The optimizer's code is in the bundle, not imported from the package.
    expect(bundle).toContain('@meridian/optimizer/workers/${name}');
    expect(bundle).not.toMatch(/from ["']@meridian\//);
    const instance = randomInstance(6, 20, 6);
    writeFileSync(join(dir, 'instance.json'), JSON.stringify(instance));
    const { stdout } = await run(process.execPath, [
      join(dir, 'main.mjs'),
      join(dir, 'instance.json'),
    ]);
    const local = await solveInProcess(instance, {
      algorithm: 'heuristic',
      timeLimitMs: 30_000,
      seed: 1,
    });
    expect(JSON.parse(stdout)).toEqual(local.assignments);
  });

  it('that are not there are an error naming npm run build', () => {
    expect(() => builtWorkerUrl('absent' as BuiltWorker)).toThrow(OptimizerBuildMissingError);
    expect(() => builtWorkerUrl('absent' as BuiltWorker)).toThrow(
      /worker file @meridian\/optimizer\/workers\/absent is missing .*run `npm run build` first/,
    );
  });

  it('npm run solve without a build says to run npm run build', async () => {
    // The launcher as npm run solve runs it, in a copy of the package that has no dist/.
    const copy = mkdtempSync(join(tmpdir(), 'optimizer-unbuilt-'));
    cleanUp.push(copy);
    mkdirSync(join(copy, 'scripts'));
    for (const name of ['run-built.mjs', 'build-state.mjs'])
      copyFileSync(join(PACKAGE_DIR, 'scripts', name), join(copy, 'scripts', name));
    const failed = await run(process.execPath, [
      join(copy, 'scripts/run-built.mjs'),
      'bin/solve',
    ]).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toBe(
      'solve: packages/optimizer/dist is missing or incomplete; run `npm run build` first\n',
    );
  });
});
