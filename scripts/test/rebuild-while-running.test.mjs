// A build never rewrites files under a running process (docs/ARCHITECTURE.md):
// a server started from a built copy of the repository keeps serving its
// pages and keeps optimising (it starts a solve worker thread after the
// rebuild) while `npm run build` runs again in the same checkout and
// publishes a different web app. Before versioned builds the second build
// rewrote dist/ in place: the running server's pages named assets that were
// gone, and an optimisation during the build could not find solve-worker.js.
import { execFile, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markInUse, newBuildDir, publishBuild } from '../build/versioned-dist.mjs';

const run = promisify(execFile);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'rebuild-admin-password-1';
let copy = '';
let dataDir = '';
let server;
// What the server printed: shown if it has to be killed.
let serverOutput = '';

/**
 * A copy of the repository's files (tracked and new, not ignored) inside
 * .tmp/, so that packages not ours resolve from the repository's
 * node_modules above it, while @meridian/* resolve to the copy's own
 * packages. The first-start template cache is shared.
 */
async function copyRepository() {
  mkdirSync(path.join(repo, '.tmp'), { recursive: true });
  const dir = await mkdtemp(path.join(repo, '.tmp', 'rebuild-'));
  const { stdout } = await run(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: repo, maxBuffer: 64 * 1024 * 1024 },
  );
  // node_modules may be a link (a worktree sharing another's): never copied, linked below.
  const files = stdout
    .split('\0')
    .filter((file) => file !== '' && !file.split('/').includes('node_modules'));
  for (const file of files) {
    if (!existsSync(path.join(repo, file))) continue; // deleted, not yet committed
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(repo, file), path.join(dir, file));
  }
  const ours = path.join(dir, 'node_modules', '@meridian');
  mkdirSync(ours, { recursive: true });
  for (const [name, folder] of Object.entries({
    api: 'apps/api',
    web: 'apps/web',
    e2e: 'e2e',
    domain: 'packages/domain',
    contracts: 'packages/contracts',
    optimizer: 'packages/optimizer',
  })) {
    symlinkSync(path.join('..', '..', folder), path.join(ours, name), 'dir');
  }
  // The shared cache may not exist yet (a fresh clone): a link to nothing would fail the build.
  mkdirSync(path.join(repo, 'node_modules', '.cache'), { recursive: true });
  symlinkSync(
    path.join(repo, 'node_modules', '.cache'),
    path.join(dir, 'node_modules', '.cache'),
    'dir',
  );
  if (existsSync(path.join(repo, 'apps/web/node_modules'))) {
    symlinkSync(
      path.join(repo, 'apps/web/node_modules'),
      path.join(dir, 'apps/web/node_modules'),
      'dir',
    );
  }
  return dir;
}

const build = () =>
  run('npm', ['run', 'build'], { cwd: copy, maxBuffer: 64 * 1024 * 1024, env: { ...process.env } });

/** Starts the copy's built server in demo mode and resolves its base URL. */
function startServer() {
  server = spawn(process.execPath, ['apps/api/dist/main.js', '--demo'], {
    cwd: copy,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      OPTIMIZE_TIME_LIMIT_SECONDS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      serverOutput += chunk.toString('utf8');
      const match = /listening at (http:\/\/[\d.:]+)/.exec(serverOutput);
      if (match) resolve(match[1]);
    };
    server.stdout.on('data', onData);
    server.stderr.on('data', onData);
    server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${serverOutput}`)));
  });
}

const FOLDERS = ['apps/api', 'apps/web', 'packages/optimizer'];
/** The real folder a package's dist/ is now. */
const buildOf = (folder) => realpathSync(path.join(copy, folder, 'dist'));
const assetsOf = (html) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);

async function optimise(baseUrl) {
  const login = await fetch(`${baseUrl}/api/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: PASSWORD }).toString(),
  });
  expect(login.status).toBe(200);
  const { access_token: token } = await login.json();
  const auth = { authorization: `Bearer ${token}` };
  const started = await fetch(`${baseUrl}/api/v1/optimize/assign?algorithm=heuristic`, {
    method: 'POST',
    headers: auth,
  });
  expect(started.status).toBe(202);
  const { task_id: taskId } = await started.json();
  const stream = await fetch(`${baseUrl}/api/v1/optimize/stream/${taskId}`, {
    headers: { ...auth, accept: 'text/event-stream' },
  });
  const text = await stream.text();
  const last = text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)))
    .at(-1);
  return last;
}

describe('a build beside a running server', () => {
  let baseUrl = '';
  let before = {};
  let page = '';

  beforeAll(async () => {
    copy = await copyRepository();
    dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-rebuild-data-'));
    await build();
    baseUrl = await startServer();
    before = Object.fromEntries(FOLDERS.map((folder) => [folder, buildOf(folder)]));
    // Each screen's page names its own first-load files (route preloads): compare one screen's.
    page = await (await fetch(`${baseUrl}/assignments`)).text();
    // The second build's web app differs, so its files have other names.
    await appendFile(path.join(copy, 'apps/web/src/main.tsx'), "\nconsole.debug('rebuilt');\n");
    await build();
  }, 1_200_000);

  afterAll(async () => {
    if (server !== undefined && server.exitCode === null && server.signalCode === null) {
      // A graceful stop; on a machine busy with the rest of the suite it may be slow, and this
      // file is not about stopping (apps/api/test/startup.test.ts is): after 30 s the server
      // is killed, and its output is shown so that a stop that hangs can be looked into.
      await new Promise((resolve) => {
        const kill = setTimeout(() => {
          console.warn(
            `server did not stop in 30 s on SIGTERM; killed. Its output:\n${serverOutput}`,
          );
          server.kill('SIGKILL');
        }, 30_000);
        server.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        server.kill('SIGTERM');
      });
    }
    if (copy !== '') await rm(copy, { recursive: true, force: true });
    if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('published new builds while the old ones, still in use, stay whole', () => {
    for (const folder of FOLDERS) {
      const old = before[folder];
      expect(buildOf(folder), folder).not.toBe(old);
      expect(existsSync(path.join(old, '.in-use', String(server.pid))), folder).toBe(true);
    }
    expect(existsSync(path.join(copy, 'packages/optimizer/dist/workers/solve-worker.js'))).toBe(
      true,
    );
  });

  it('still serves the pages it served before, with their assets, and new page loads', async () => {
    const assets = assetsOf(page);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect((await fetch(`${baseUrl}${asset}`)).status, asset).toBe(200);
    const again = await fetch(`${baseUrl}/assignments`);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(page);
  });

  it('still optimises: the run after the rebuild starts its solve worker and completes', async () => {
    const last = await optimise(baseUrl);
    expect(last).toMatchObject({ type: 'complete', result: { algorithm: 'heuristic' } });
  });
});

describe('publishing a build', () => {
  it('points dist at the new build in one rename and removes only old builds no live process uses', async () => {
    const pkg = await mkdtemp(path.join(tmpdir(), 'meridian-publish-'));
    try {
      // A checkout built before versioned builds: dist is a plain folder.
      mkdirSync(path.join(pkg, 'dist'));
      writeFileSync(path.join(pkg, 'dist', 'main.js'), 'old');
      const first = newBuildDir(pkg);
      publishBuild(pkg, first);
      expect(readlinkSync(path.join(pkg, 'dist'))).toBe(path.join('.dist', path.basename(first)));
      const legacy = path.join(pkg, '.dist', `before-links-${process.pid}`);
      expect(readFileSync(path.join(legacy, 'main.js'), 'utf8')).toBe('old');

      const used = newBuildDir(pkg);
      publishBuild(pkg, used);
      markInUse(used, process.pid); // a server running from it
      const unused = newBuildDir(pkg);
      publishBuild(pkg, unused);
      const dead = newBuildDir(pkg);
      publishBuild(pkg, dead);
      // A process long gone (a pid beyond Linux's largest) does not keep its build.
      markInUse(dead, 2 ** 22 + 1);
      const last = newBuildDir(pkg);
      publishBuild(pkg, last);
      // The build just replaced stays, whatever its marks: a process may be starting from it.
      expect(existsSync(dead)).toBe(true);
      const final = newBuildDir(pkg);
      publishBuild(pkg, final);

      expect(existsSync(legacy)).toBe(false);
      expect(existsSync(first)).toBe(false);
      expect(existsSync(used)).toBe(true);
      expect(existsSync(unused)).toBe(false);
      expect(existsSync(dead)).toBe(false);
      expect(existsSync(last)).toBe(true);
      expect(readlinkSync(path.join(pkg, 'dist'))).toBe(path.join('.dist', path.basename(final)));
    } finally {
      await rm(pkg, { recursive: true, force: true });
    }
  });
});
