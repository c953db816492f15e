// The production bundle of apps/api (npm run build:server): every worker
// thread it starts is a file of the build output, next to the code that
// starts it, and loads with plain node (no tsx, no esbuild at run time).
// Issue 12, hole 1: worker code comes only from the build output.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
}, 120_000);
afterAll(async () => {
  if (outdir !== '') await rm(outdir, { recursive: true, force: true });
});

describe('api build', () => {
  it('puts every worker a bundle starts next to that bundle', async () => {
    const { found, missing } = await checkRelativePaths(outdir);
    const workers = found.map((line) => path.basename(line.split(' -> ')[1]));
    for (const name of ['solve-worker.js', 'highs-worker.mjs', 'minisat-worker.mjs']) {
      expect(workers).toContain(name);
    }
    expect(workers).toContain('path-cover.worker.js');
    expect(missing).toEqual([]);
  });

  it('runs a solve thread from the output under plain node (tsx and esbuild refused)', async () => {
    const worker = path.join(outdir, 'chunks/solve-worker.js');
    // An empty instance: the thread loads its code, says ready and solves nothing.
    const script = path.join(outdir, 'start-solve-worker.mjs');
    await writeFile(
      script,
      `import { Worker } from 'node:worker_threads';
      const w = new Worker(${JSON.stringify(worker)}, { workerData: { jobs: [], physicists: [] } });
      w.once('message', (m) => { console.log('first message', m.type); void w.terminate(); });
      w.once('error', (e) => { console.error(e.message); process.exit(1); });`,
    );
    const { stdout } = await run(process.execPath, ['--import', guard, script], { cwd: api });
    expect(stdout).toContain('first message ready');
  });
});
