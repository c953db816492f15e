import { fileURLToPath } from 'node:url';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Asks the OS for a free port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Refuses tsx and esbuild in the process it is preloaded into (see the file). */
export const NO_RUN_TIME_COMPILERS = fileURLToPath(
  new URL('./no-run-time-compilers.mjs', import.meta.url),
);

/**
 * Starts the real API server (which also serves apps/web/dist) from the
 * repository root, as production does: the built JavaScript with plain node,
 * with tsx and esbuild refused, so every browser test also proves that nothing
 * is compiled at run time.
 */
export function startServer(repoRoot: string, env: Record<string, string>): ChildProcess {
  const args = ['--import', NO_RUN_TIME_COMPILERS, '--enable-source-maps', 'apps/api/dist/main.js'];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep the server's output for the failure message; it is not printed otherwise.
  const output: string[] = [];
  // The server prints its listening line after creating the first admin (main.ts).
  let hasStarted = false;
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    hasStarted ||= chunk.toString().includes(' listening at http');
    keep(chunk);
  });
  child.stderr?.on('data', keep);
  Object.assign(child, { recentOutput: () => output.join(''), hasStarted: () => hasStarted });
  return child;
}

/** The server's last lines of output, for error messages. */
export const recentOutput = (child: ChildProcess): string =>
  (child as ChildProcess & { recentOutput?: () => string }).recentOutput?.() ?? '';

/** Whether the server has printed its listening line, which comes once the first admin exists. */
const hasStarted = (child: ChildProcess): boolean =>
  (child as ChildProcess & { hasStarted?: () => boolean }).hasStarted?.() ?? false;

/**
 * Polls /api/v1/health until it answers 200 and the server has printed its
 * listening line: health answers as soon as the server listens, but the first
 * admin is created after that (argon2 hashing, seconds on a loaded machine),
 * and a login before then is refused. A new embedded database can take several seconds.
 */
export async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`API server exited with ${child.exitCode}:\n${recentOutput(child)}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok && hasStarted(child)) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `API server not healthy and started after ${timeoutMs} ms:\n${recentOutput(child)}`,
  );
}

/** Stops the server and waits for it to release the data folder. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timeout);
}

/** A running server on its own fresh data folder, with its first admin's login. */
export interface FreshServer {
  baseUrl: string;
  admin: { username: string; password: string };
  /** Stops the server and removes its data folder. */
  stop: () => Promise<void>;
}

/**
 * Starts the built server (see startServer) on a free loopback port with a
 * new data folder named after `label`, on the embedded database, a random
 * admin password and JWT secret, and waits until it is healthy and its first
 * admin exists. `env` adds or overrides variables. The benches share this.
 */
export async function startFreshServer(
  label: string,
  env: Record<string, string> = {},
): Promise<FreshServer> {
  const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
  const dataDir = await mkdtemp(path.join(tmpdir(), `meridian-${label}-`));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const admin = { username: 'admin', password: `${label}-${randomBytes(6).toString('hex')}` };
  const server = startServer(repoRoot, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    JWT_SECRET: randomBytes(48).toString('base64'),
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // Links in mail and feeds name the server as its users reach it.
    PUBLIC_URL: baseUrl,
    ...env,
  });
  const stop = async () => {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server, 110_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, admin, stop };
}
