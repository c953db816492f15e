import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config/config';
import { ConcurrencyGate } from '../src/http/load-shedding';
import { createTestApp, listenOnFreePort, type TestApp } from './support/test-app';

// Load (docs/reliability.md): beyond a per-node bound, expensive requests are answered
// 503 with Retry-After at once, before any work, while admitted ones complete.

/** The load-shedding settings of a default config with `changes` to the bounds. */
function shedding(changes: Record<string, string>) {
  return parseConfig({ DATA_DIR: '/nonexistent', ...changes }).loadShedding;
}

describe('ConcurrencyGate', () => {
  it('admits up to the bound, queues up to the queue, refuses beyond at once', async () => {
    const gate = new ConcurrencyGate({ inFlight: 2, queue: 1 }, 60_000);
    expect(gate.acquire()).toBe(true);
    expect(gate.acquire()).toBe(true);
    const queued = gate.acquire();
    expect(queued).toBeInstanceOf(Promise);
    expect(gate.acquire()).toBe(false);
    expect(gate.queued).toBe(1);
    gate.release();
    // The freed slot went to the waiting request, not back to the pool.
    await expect(queued).resolves.toBe(true);
    expect(gate.inFlight).toBe(2);
    gate.release();
    gate.release();
    expect(gate.inFlight).toBe(0);
    expect(gate.acquire()).toBe(true);
  });

  it('refuses a queued request whose wait runs out, and forgets it', async () => {
    const gate = new ConcurrencyGate({ inFlight: 1, queue: 4 }, 50);
    expect(gate.acquire()).toBe(true);
    await expect(gate.acquire()).resolves.toBe(false);
    expect(gate.queued).toBe(0);
    gate.release();
    expect(gate.inFlight).toBe(0);
  });
});

describe('load shedding of the job list (one in flight, no queue)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { loadShedding: shedding({ SHED_LISTS_IN_FLIGHT: '1', SHED_LISTS_QUEUE: '0' }) },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the excess 503 with Retry-After while the admitted request completes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({ method: 'GET', url: '/api/v1/jobs/', headers: t.bearer(t.tokens.regular) }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    expect(codes.filter((c) => c === 503).length).toBeGreaterThanOrEqual(1);
    expect(codes.every((c) => c === 200 || c === 503)).toBe(true);
    const shed = answers.find((a) => a.statusCode === 503)!;
    expect(shed.headers['retry-after']).toBe('1');
    expect(shed.json<{ detail: string }>().detail).toMatch(/busy/);
    // Slots are given back: once the burst is over, the list is served again.
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jobs/',
      headers: t.bearer(t.tokens.regular),
    });
    expect(after.statusCode).toBe(200);
  });

  it('sheds before the token is checked (no work for a refused request)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'GET', url: '/api/v1/jobs/', headers: t.bearer('not-a-token') }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    // The admitted one is refused by authentication, the rest never reach it.
    expect(codes).toContain(401);
    expect(codes).toContain(503);
  });
});

describe('load shedding of event streams (two open at once)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // One stream per user, so that two users fill the node (a user's cap is always below it).
    t = await createTestApp({
      config: { loadShedding: shedding({ SHED_STREAMS_OPEN: '2', SHED_STREAMS_PER_USER: '1' }) },
    });
    base = await listenOnFreePort(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const openStream = (signal?: AbortSignal, token = t.tokens.regular) =>
    fetch(`${base}/api/v1/notifications/stream`, {
      headers: { ...t.bearer(token), accept: 'text/event-stream' },
      ...(signal === undefined ? {} : { signal }),
    });

  it('refuses a third stream at once with 503 and Retry-After; the open ones keep going', async () => {
    const first = new AbortController();
    const open = [await openStream(first.signal), await openStream(undefined, t.tokens.manager)];
    expect(open.map((r) => r.status)).toEqual([200, 200]);
    // Answered while both streams stay open: a third that waited for a slot would never be
    // answered here (the test's timeout), so no clock is needed to tell "at once".
    const third = await openStream(undefined, t.tokens.admin);
    expect(third.status).toBe(503);
    expect(third.headers.get('retry-after')).toBe('1');
    await third.arrayBuffer();
    // Other classes are not held up by full streams.
    const list = await fetch(`${base}/api/v1/jobs/`, { headers: t.bearer(t.tokens.regular) });
    expect(list.status).toBe(200);
    await list.arrayBuffer();
    // The open stream still delivers: its first event arrives.
    const reader: ReadableStreamDefaultReader<Uint8Array> = open[1]!.body!.getReader();
    const firstChunk = await reader.read();
    expect(new TextDecoder().decode(firstChunk.value)).toMatch(/event:|data:|:/);
    // A stream that closes gives its slot back.
    first.abort();
    let again = 0;
    for (let i = 0; i < 50 && again !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const res = await openStream();
      again = res.status;
      if (again === 200) await res.body?.cancel();
      else await res.arrayBuffer();
    }
    expect(again).toBe(200);
    await reader.cancel();
  });
});

describe('the sign-in throttle before the body is read', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({
      throttle: { perAccount: 50, perAddress: 3, windowMs: 60_000, lockMs: 30_000 },
    });
    port = Number(new URL(await listenOnFreePort(t)).port);
  });
  afterAll(async () => {
    await t.close();
  });

  const form = (username: string, password: string) =>
    new URLSearchParams({ username, password }).toString();

  it('counts oversized sign-ins (413) against the address, then answers 429', async () => {
    const huge = form('u'.repeat(20_000), 'x');
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/token',
        remoteAddress: '10.20.0.1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: huge,
      });
      expect(res.statusCode).toBe(413);
    }
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token',
      remoteAddress: '10.20.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form(t.users.admin.username, t.users.admin.password),
    });
    expect(real.statusCode).toBe(429);
    expect(Number(real.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers a locked address 429 from the headers, without waiting for its body', async () => {
    // Lock 127.0.0.1 (the real socket's address) with three malformed sign-ins (400).
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/token',
        remoteAddress: '127.0.0.1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form('', ''),
      });
      expect(res.statusCode).toBe(400);
    }
    // Headers announce a body (1 MB, and 10 KB under the route's limit) that is never sent.
    for (const length of [1_000_000, 10_000]) {
      const answer = await new Promise<{ status: number; retryAfter: string | undefined }>(
        (resolve, reject) => {
          const req = http.request({
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/v1/token',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': String(length),
            },
          });
          const timer = setTimeout(() => {
            req.destroy();
            reject(new Error('no answer: the server waited for the body'));
          }, 5000);
          req.on('response', (res) => {
            clearTimeout(timer);
            res.resume();
            resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] });
            req.destroy();
          });
          req.on('error', () => undefined);
          req.flushHeaders();
        },
      );
      expect(answer.status).toBe(429);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
  });
});

describe('a sign-in about to be refused does not wait for a sign-in slot', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        loadShedding: shedding({ SHED_SIGN_IN_IN_FLIGHT: '1', SHED_SIGN_IN_QUEUE: '0' }),
      },
      throttle: { perAccount: 50, perAddress: 3, windowMs: 60_000, lockMs: 30_000 },
    });
    port = Number(new URL(await listenOnFreePort(t)).port);
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = (remoteAddress: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/token',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });

  it('answers a locked address 429 and an oversized body 413 while the only slot is held; others still get 503', async () => {
    // Lock 10.30.0.1 with three malformed sign-ins (400), one at a time.
    for (let i = 0; i < 3; i++)
      expect((await signIn('10.30.0.1', 'username=')).statusCode).toBe(400);
    // Hold the only sign-in slot: headers announce a body that never comes.
    const holder = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '100' },
    });
    holder.on('error', () => undefined);
    holder.flushHeaders();
    try {
      // Nothing else in flight until the holder is in: a sign-in from a fresh address is then shed.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const other = await signIn('10.30.0.2', 'username=x&password=y');
      expect(other.statusCode).toBe(503);
      const locked = await signIn('10.30.0.1', 'username=x&password=y');
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      // A body over the 16 KiB limit is refused from its headers, never queued for a slot.
      const oversized = await signIn('10.30.0.3', `username=x&password=${'y'.repeat(20_000)}`);
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json()).toEqual({ detail: 'Request body is too large' });
    } finally {
      holder.destroy();
    }
  });
});
