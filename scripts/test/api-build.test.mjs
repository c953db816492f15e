// The production bundle of apps/api (npm run build:server): every worker
// thread it starts is a build output and loads with plain node (no tsx, no
// esbuild at run time): the server's own thread sits next to the code that
// starts it; the optimizer's threads are files of the optimizer's build,
// which its code inlined in the bundle finds through the package name.
// docs/security.md, hole 1: worker code comes only from the build output.
import { execFile, spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRelativePaths } from '../../apps/api/scripts/worker-urls.mjs';

const run = promisify(execFile);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const api = path.join(repo, 'apps/api');
const guard = path.join(repo, 'e2e/support/no-run-time-compilers.mjs');
let outdir = '';

beforeAll(async () => {
  // Inside apps/api, so the bundle's package imports resolve as they do from dist/.
  outdir = await mkdtemp(path.join(api, '.build-test-'));
  await run(process.execPath, ['scripts/build.mjs', '--outdir', outdir], { cwd: api });
}, 300_000);
afterAll(async () => {
  if (outdir !== '') await rm(outdir, { recursive: true, force: true });
});

describe('api build', () => {
  it("puts the server's own worker next to the bundle that starts it, and names no missing file", async () => {
    const { found, missing } = await checkRelativePaths(outdir);
    const workers = found.map((line) => path.basename(line.split(' -> ')[1]));
    expect(workers).toContain('path-cover.worker.js');
    expect(missing).toEqual([]);
  });

  it("runs the optimizer's solve thread, found through the package from the output, under plain node (tsx and esbuild refused)", async () => {
    const files = await readdir(outdir);
    const code = await Promise.all(
      files.filter((f) => f.endsWith('.js')).map((f) => readFile(path.join(outdir, f), 'utf8')),
    );
    // The optimizer's code is inlined and looks its threads up by package name.
    expect(code.some((text) => text.includes('@meridian/optimizer/workers/'))).toBe(true);
    // As that code does, from the output's folder. An empty instance: the thread loads, says ready.
    const script = path.join(outdir, 'start-solve-worker.mjs');
    await writeFile(
      script,
      `import { Worker } from 'node:worker_threads';
      const url = new URL(import.meta.resolve('@meridian/optimizer/workers/solve'));
      console.log('worker file', url.pathname);
      const w = new Worker(url, { workerData: { jobs: [], physicists: [] } });
      w.once('message', (m) => { console.log('first message', m.type); void w.terminate(); });
      w.once('error', (e) => { console.error(e.message); process.exit(1); });`,
    );
    const { stdout } = await run(process.execPath, ['--import', guard, script], { cwd: api });
    expect(stdout).toContain(
      // dist/ is a link to the current build (scripts/build/versioned-dist.mjs); Node resolves it.
      `worker file ${realpathSync(path.join(repo, 'packages/optimizer/dist/workers/solve-worker.js'))}`,
    );
    expect(stdout).toContain('first message ready');
  });

  it('writes the prepared data folder, and a first start on a new DATA_DIR unpacks it instead of running initdb', async () => {
    const manifest = JSON.parse(
      await readFile(path.join(outdir, 'first-start-template.json'), 'utf8'),
    );
    const migrations = (await readdir(path.join(api, 'migrations'))).filter((f) =>
      f.endsWith('.sql'),
    );
    expect(manifest.migrations.map((m) => m.name)).toEqual(migrations.sort());
    const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-build-first-start-'));
    const child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
      cwd: api,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        JWT_SECRET: 'build-test-secret-0123456789-abcdefghijklmnop',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk) => (out += chunk.toString('utf8')));
    try {
      const phases = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start-up line:\n${out}`)), 120_000);
        child.stdout.on('data', () => {
          const line = out.split('\n').find((l) => l.includes('"start-up phases"'));
          if (line === undefined) return;
          clearTimeout(timer);
          resolve(JSON.parse(line));
        });
        child.once('exit', () => reject(new Error(`exited:\n${out}`)));
      });
      expect(phases.data_folder.kind).toBe('template');
      expect(phases.data_folder.files).toBeGreaterThan(100);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
