import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real entry point in a child process: what an operator sees on a bad
// setting, and what SIGTERM does. It runs as production runs it, the api build
// (scripts/build.mjs) with plain node, built into a folder of this file's own
// from the current sources, so the test never runs a stale dist/. From src/ a
// child would spend seconds compiling TypeScript at each start (9 to 16 s at
// load 18), and its first start would run initdb where the build's prepared
// data folder is what a new DATA_DIR gets. Embedded database only, so the
// PostgreSQL run of the suite skips it (and does not build).
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);
let scratch: string;
/** The build's output folder; main.js is its entry point. */
let built: string;

interface Started {
  exit: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
  pid: number;
  kill: (signal: NodeJS.Signals) => void;
}

/** Starts the built main.js with only these variables (plus PATH and HOME), so the caller's environment cannot leak in. */
function startMain(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [path.join(built, 'main.js')], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    exit,
    stdout: () => out,
    stderr: () => err,
    pid: child.pid ?? -1,
    kill: (signal) => child.kill(signal),
  };
}

/** Waits until stdout matches (or the child exits first, which fails with its output). */
async function waitFor(started: Started, pattern: RegExp, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void started.exit.then(() => (exited = true));
  while (Date.now() < deadline) {
    const match = pattern.exec(started.stdout());
    if (match) return match;
    if (exited) throw new Error(`exited early:\n${started.stdout()}\n${started.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${pattern}:\n${started.stdout()}\n${started.stderr()}`);
}

/** A TCP port that nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const JWT_SECRET = 'startup-test-secret-0123456789-abcdefghijklmnop';

describe.skipIf(process.env.TEST_DB === 'postgres')('main.ts start-up', () => {
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'meridian-startup-'));
    // Inside apps/api, so the bundle's package imports resolve as they do from dist/.
    built = await mkdtemp(path.join(apiDir, '.build-test-startup-'));
    await run(process.execPath, ['scripts/build.mjs', '--outdir', built], { cwd: apiDir });
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
    if (built !== undefined) await rm(built, { recursive: true, force: true });
  });

  it.each([
    [
      'HOST that is not an address or name',
      { HOST: 'no such host' },
      /^meridian: configuration error: HOST must be an IP address or a host name .*got 'no such host'$/,
    ],
    [
      'HOST that does not resolve',
      { HOST: 'no-such-host.invalid' },
      /^meridian: configuration error: HOST='no-such-host\.invalid' cannot be resolved \((ENOTFOUND|EAI_AGAIN)\)/,
    ],
    [
      'bad task setting',
      { TASK_RATE_PER_MINUTE: '0' },
      /^meridian: configuration error: TASK_RATE_PER_MINUTE must be a whole number from 1 to 100000, got '0'$/,
    ],
  ])('%s: one line on stderr, exit 1', async (_name, env, expected) => {
    const run = startMain({ DATA_DIR: path.join(scratch, 'unused'), JWT_SECRET, ...env });
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toMatch(/^[^\n]*\n$/);
    expect(run.stderr().trim()).toMatch(expected);
    expect(existsSync(path.join(scratch, 'unused'))).toBe(false);
  });

  it('DATA_DIR that is a file: one line naming DATA_DIR and the value, exit 1', async () => {
    const file = path.join(scratch, 'a-file');
    await writeFile(file, 'not a folder');
    const run = startMain({ DATA_DIR: file });
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toBe(
      `meridian: configuration error: DATA_DIR='${file}' cannot be used: ENOTDIR at ${file}/jwt-secret ` +
        '(a part of the path is a file, not a folder); set DATA_DIR to a folder this user can write\n',
    );
  });

  it('DATABASE_URL nobody answers on: one line naming it without the password, exit 1', async () => {
    const port = await freePort();
    const run = startMain({
      DATA_DIR: path.join(scratch, 'unused'),
      JWT_SECRET,
      DATABASE_URL: `postgres://meridian:hunter2-secret@127.0.0.1:${port}/meridian`,
    });
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toBe(
      `meridian: configuration error: DATABASE_URL='postgres://meridian:***@127.0.0.1:${port}/meridian' ` +
        `cannot be used: connect ECONNREFUSED 127.0.0.1:${port}\n`,
    );
  });

  it('a busy PORT is one line and creates no admin; the next start prints a generated admin password once; SIGTERM exits 0, past a client that never finishes its request, and removes DATA_DIR/.lock', async () => {
    const dataDir = path.join(scratch, 'data');
    const lock = path.join(dataDir, '.lock');

    // First start on a new folder with the port taken: start-up stops with one
    // line, releases the lock, and creates no admin whose password nobody saw.
    const blocker: Server = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const busy = startMain({ DATA_DIR: dataDir, PORT: String(port) });
      expect(await busy.exit).toBe(1);
      expect(busy.stderr()).toBe(
        `meridian: configuration error: PORT=${port} is already in use on HOST='127.0.0.1' (EADDRINUSE); ` +
          'stop the other server or set PORT to a free port\n',
      );
      expect(busy.stdout()).not.toContain('Created administrator');
      expect(existsSync(lock)).toBe(false);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }

    // The next start on the same folder creates the admin and prints its password once.
    const first = startMain({ DATA_DIR: dataDir, PORT: '0' });
    const [, url] = await waitFor(first, /listening at (http:\/\/127\.0\.0\.1:\d+)/);
    const created = [
      ...first.stdout().matchAll(/Created administrator 'admin' with password: (\S+)/g),
    ];
    expect(created).toHaveLength(1);
    expect((await readFile(lock, 'utf8')).trim()).toBe(String(first.pid));

    // The printed password is the admin's.
    const login = await fetch(`${url}/api/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: created[0]![1]! }),
    });
    expect(login.status).toBe(200);

    // A client that never finishes its request holds its connection busy: the graceful stop
    // waits for it only its grace, then closes it and says what it was waiting on.
    const { port: bound } = new URL(url!);
    const stuck = connect(Number(bound), '127.0.0.1');
    stuck.on('error', () => {});
    await new Promise((resolve) => stuck.once('connect', resolve));
    stuck.write('GET /api/v1/health HTTP/1.1\r\nHost: stuck\r\n');
    first.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    stuck.destroy();
    expect(first.stdout()).toMatch(
      /"step":"closing the server: open requests, streams and tasks","msg":"shutdown still waiting after 10000 ms"/,
    );
    expect(existsSync(lock)).toBe(false);
    expect(first.stderr()).toBe('');
  }, 400_000);
});
