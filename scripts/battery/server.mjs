// Starting, probing and killing the built server (apps/api/dist/main.js) for the
// battery, on 127.0.0.1 only, with the probe preloaded (probe.mjs).
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HOST = '127.0.0.1'; // never any other address
export const ADMIN = { username: 'admin', password: `battery-${randomBytes(8).toString('hex')}` };
const JWT_SECRET = randomBytes(48).toString('base64');
const PROBE = path.join(ROOT, 'scripts/battery/probe.mjs');
const START_LIMIT_MS = 300_000;
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds a process has used so far (user + system), from /proc. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return 0;
  }
}

/** Resident memory of a process in bytes (0 once it has gone). */
export function rss(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

export const MB = (bytes) => Math.round(bytes / 2 ** 20);

/**
 * One request on a connection of its own, closed after the answer
 * (`Connection: close`): the battery's own calls leave no idle keep-alive
 * socket in the server, so the streams part can compare the server's sockets
 * with its baseline for equality. Answers the status, headers and body text;
 * a connection error rejects.
 */
export function send(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const bytes = body === undefined ? undefined : Buffer.from(body);
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          connection: 'close',
          ...headers,
          ...(bytes === undefined ? {} : { 'content-length': bytes.byteLength }),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(bytes);
  });
}

const parse = (text) => {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return text;
  }
};

export async function signIn(base, username, password) {
  const res = await send(`${base}/api/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  return { status: res.status, body: parse(res.text) };
}

/**
 * The self-test's broken build (scripts/battery/fault-proxy.mjs): when set,
 * every server the battery starts listens on `port + 1` and a proxy on
 * `port` stands in front of it, breaking what the fault names. The server
 * itself is the real build, started as always.
 */
let fault = null;
export function useFault(name) {
  fault = name;
}

/** Starts the fault proxy on `port` (forwarding to `port + 1`); answers a function that stops it. */
export async function startFaultProxy(port) {
  const child = fork(path.join(ROOT, 'scripts/battery/fault-proxy.mjs'), [
    fault,
    String(port),
    String(port + 1),
  ]);
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the fault proxy exited (${code})`)));
  });
  return async () => {
    child.kill('SIGTERM');
    await exited(child);
  };
}

/**
 * Spawns the server on `target` (a data folder and, on PostgreSQL, a database
 * URL) without waiting; `ready` resolves once the admin can sign in, with the
 * wall time and the CPU seconds the start took.
 */
export function launch(target, port, env = {}, args = []) {
  const began = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', PROBE, path.join(ROOT, 'apps/api/dist/main.js'), ...args],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(fault === null ? port : port + 1),
        HOST,
        DATA_DIR: target.dataDir,
        DATABASE_URL: target.databaseUrl ?? '',
        TMPDIR: target.tmpDir ?? process.env.TMPDIR ?? '',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        JWT_SECRET,
        LOG_LEVEL: 'error',
        AUTH_RATE_PER_MINUTE: '100000',
        IMPORT_RATE_PER_MINUTE: '100000',
        TASK_RATE_PER_MINUTE: '100000',
        // As npm start runs it: two malloc arenas, not one per thread (docs/operations.md).
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  // The last lines of both, kept for the message when the server stops on its own.
  let stderr = '';
  const keep = (chunk) => (stderr = (stderr + chunk).slice(-2000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('error', () => undefined);
  const base = `http://${HOST}:${port}`;
  const ready = (async () => {
    // A first start (initdb, migrations, the zip table) took 150 to 185 s at load 25 to 30.
    const deadline = performance.now() + START_LIMIT_MS;
    while (performance.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          `server exited (${child.exitCode ?? child.signalCode}): ${stderr.slice(-500)}`,
        );
      try {
        const token = await signIn(base, ADMIN.username, ADMIN.password);
        if (token.status === 200) {
          return {
            child,
            base,
            token: token.body.access_token,
            startMs: performance.now() - began,
            startCpu: cpuSeconds(child.pid),
          };
        }
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    // Never left running: a server that comes up later on the port would answer for the next
    // start's child, whose restart would then look instant (a run measured "1.0 s, 0.06 CPU s").
    await kill9(child);
    throw new Error(`server did not start within ${START_LIMIT_MS / 1000} s`);
  })();
  return { child, base, ready };
}

/** Starts the server and waits until the admin can sign in. */
export const start = (target, port, env, args) => launch(target, port, env, args).ready;

/** Resolves once the child has exited (a process killed by a signal has signalCode, not exitCode). */
export const exited = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

export async function stop(server) {
  server.child.kill('SIGTERM');
  await exited(server.child);
}

export async function kill9(child) {
  child.kill('SIGKILL');
  await exited(child);
}

/** Sends `question` to the preloaded probe (probe.mjs) and answers its reply. */
function ask(server, question) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`probe did not answer ${question}`)), 10_000);
    server.child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message);
    });
    server.child.send(question);
  });
}

/** The server's active handles and timers and its memory, as the preloaded probe reports them. */
export const probe = (server) => ask(server, 'probe');

/**
 * Measures the server's event-loop delay (its main thread, sampled every
 * 10 ms) from now; the returned function stops and answers { samples, p50,
 * p99, max } in ms. What the server itself was held up by, apart from the
 * time a loaded machine takes to run the battery's own client.
 */
export async function eventLoopDelay(server) {
  await ask(server, 'loop-start');
  return async () => (await ask(server, 'loop-stop')).loop;
}

export const auth = (token) => ({ authorization: `Bearer ${token}` });

export async function api(server, method, url, body, token = server.token) {
  const res = await send(`${server.base}${url}`, {
    method,
    headers: {
      ...auth(token),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: parse(res.text), headers: res.headers };
}

/** Posts `bytes` as the multipart field `file` named `name`; answers the status and the body. */
export async function uploadAnswer(server, url, name, bytes) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  // The multipart encoding fetch would send, with its boundary.
  const encoded = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  const res = await send(`${server.base}${url}`, {
    method: 'POST',
    headers: { ...auth(server.token), 'content-type': encoded.headers.get('content-type') },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
  return { status: res.status, body: parse(res.text) };
}

export async function upload(server, url, name, bytes) {
  return (await uploadAnswer(server, url, name, bytes)).status;
}
