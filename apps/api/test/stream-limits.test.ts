import { DEFAULT_WEIGHTS } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StreamTicker } from '../src/http/user-streams';
import { newSignedInUser } from './support/accounts';
import { createTestApp, listenOnFreePort, type TestApp } from './support/test-app';

// docs/security.md, finding 2: every kind of event stream shares one cap per user (10),
// and an open stream ends once its token is revoked. The re-check is driven by
// hand here (a StreamTicker the test ticks), so no verdict rests on the clock:
// user-streams.test.ts shows with fake timers that the server ticks every 2 s.

let t: TestApp;
let base: string;
const TASK = '51111111-2222-3333-4444-555555555555';
/** The re-check rounds the app asked for; tick() runs one and waits for it. */
const rounds: (() => Promise<void>)[] = [];
const ticker: StreamTicker = (_ms, round) => {
  rounds.push(round);
  return () => {
    rounds.splice(rounds.indexOf(round), 1);
  };
};
const tick = async () => {
  for (const round of [...rounds]) await round();
};

beforeAll(async () => {
  // No workers: the queued task stays queued, so its stream stays open. A stream whose first
  // read is held sends its headers with the first keep-alive comment: 1 s here, not 10.
  t = await createTestApp({
    tasks: { runWorkers: false, keepAliveMs: 1000 },
    streamTicker: ticker,
  });
  base = await listenOnFreePort(t);
  await t.app.work.repository.insert({
    id: TASK,
    type: 'optimization',
    name: 'Optimization (Simple, Fast)',
    algorithm: 'heuristic',
    algorithms: null,
    createdBy: t.users.manager.id,
    weights: DEFAULT_WEIGHTS,
    seed: 1,
    timeLimitMs: 20_000,
    total: 100,
  });
  await t.app.work.repository.appendEvent(TASK, { type: 'progress' }, false);
}, 300_000);
afterAll(async () => {
  await t.close();
});

type Kind = 'task' | 'notifications';
const open = async (token: string, kind: Kind, controller = new AbortController()) =>
  fetch(
    kind === 'task'
      ? `${base}/api/v1/optimize/stream/${TASK}`
      : `${base}/api/v1/notifications/stream`,
    {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      signal: controller.signal,
    },
  );

/** Reads a stream until the server ends it; the test's own timeout fails a stream that never ends. */
async function readToEnd(response: Response): Promise<string> {
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    // An ended stream reads as done (or, torn down, as an error: ended too).
    const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (chunk.done) return text;
    text += decoder.decode(chunk.value);
  }
}

/** Reads a stream until its text matches `pattern` (the stream stays open). */
async function readUntil(response: Response, pattern: RegExp): Promise<string> {
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (!pattern.test(text)) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error(`the stream ended before ${String(pattern)}: ${text}`);
      text += decoder.decode(chunk.value);
    }
    return text;
  } finally {
    reader.releaseLock();
  }
}

describe('one cap of event streams per user, across every kind', () => {
  it('a user holding 10 streams (task and notification streams together) gets 429 with Retry-After for the 11th; another user still opens one; closing one frees a place', async () => {
    const controllers = Array.from({ length: 10 }, () => new AbortController());
    const answers = [];
    for (const [i, c] of controllers.entries()) {
      answers.push(await open(t.tokens.manager, i % 2 === 0 ? 'task' : 'notifications', c));
    }
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    for (const kind of ['notifications', 'task'] as const) {
      const eleventh = await open(t.tokens.manager, kind);
      expect(eleventh.status).toBe(429);
      expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await eleventh.json()).toEqual({
        detail: 'At most 10 event streams may be open at once per user; close one first',
      });
    }
    // Another user is not affected, on either kind.
    for (const kind of ['notifications', 'task'] as const) {
      const other = new AbortController();
      expect((await open(t.tokens.admin, kind, other)).status).toBe(200);
      other.abort();
    }
    // Closing one gives its place back once the server has seen the close, however late a
    // loaded machine does: try until it has (a place never freed fails on the test's timeout).
    controllers[0]!.abort();
    let again = 429;
    while (again === 429) {
      const res = await open(t.tokens.manager, 'notifications');
      again = res.status;
      if (again === 200) await res.body?.cancel();
      else await res.arrayBuffer();
      if (again === 429) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(again).toBe(200);
    for (const c of controllers) c.abort();
  }, 60_000);
});

describe('a place frees as soon as the server sees its connection close', () => {
  it("ten streams whose client left while their handlers still wait on a database read: the same user's next ten all open", async () => {
    const password = 'eve-streams-password-1';
    await t.app.services.users.create({
      username: 'eve-streams',
      email: 'eve-streams@example.org',
      password,
      role: 'manager',
    });
    const token = await t.login('eve-streams', password);
    // Every read of the task's events waits until the test lets it go: the handlers stay
    // busy after their clients have left, as behind a queue of reads on a loaded node
    // (the battery's streams part met the cap so; docs/reliability.md).
    let letGo: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    const repository = t.app.work.repository;
    const eventsAfter = repository.eventsAfter.bind(repository);
    const held = vi
      .spyOn(repository, 'eventsAfter')
      .mockImplementation(async (...args) => gate.then(() => eventsAfter(...args)));
    // The server's own view of the clients leaving: each stream answer's 'close'.
    let closed = 0;
    let onClosed: () => void = () => undefined;
    const watch = (request: { url?: string }, response: NodeJS.EventEmitter) => {
      if (!request.url?.includes(TASK)) return;
      response.once('close', () => {
        closed++;
        onClosed();
      });
    };
    t.app.server.on('request', watch);
    try {
      const first = Array.from({ length: 10 }, () => new AbortController());
      const opened = await Promise.all(first.map((c) => open(token, 'task', c)));
      expect(opened.map((r) => r.status)).toEqual(Array(10).fill(200));
      const allClosed = new Promise<void>((resolve) => {
        onClosed = () => {
          if (closed >= 10) resolve();
        };
      });
      for (const c of first) c.abort();
      // Once the server has seen all ten go (no clock: the test's timeout bounds the wait),
      // their places are free, although every handler still waits on its read.
      await allClosed;
      const second = Array.from({ length: 10 }, () => new AbortController());
      const again = await Promise.all(second.map((c) => open(token, 'task', c)));
      expect(again.map((r) => r.status)).toEqual(Array(10).fill(200));
      for (const c of second) c.abort();
    } finally {
      t.app.server.off('request', watch);
      letGo();
      held.mockRestore();
    }
  }, 60_000);
});

describe('an open stream ends once its token is revoked, at the next re-check', () => {
  it("password reset: the user's notification and task streams end; another user's stream goes on", async () => {
    const ann = await newSignedInUser(t, 'ann-reset');
    const notifications = await open(ann.token, 'notifications');
    const task = await open(ann.token, 'task');
    const bystander = await open(t.tokens.manager, 'task');
    expect([notifications.status, task.status, bystander.status]).toEqual([200, 200, 200]);
    await readUntil(notifications, /data:/);
    await readUntil(bystander, /data:/);

    // A round before the reset ends nothing.
    await tick();
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${ann.id}/password`,
      headers: t.bearer(t.tokens.admin),
      payload: { new_password: 'a-brand-new-password-2' },
    });
    expect(reset.statusCode).toBe(204);
    await tick();
    await readToEnd(notifications);
    await readToEnd(task);

    // The bystander's stream still delivers the task's next event.
    const next = await t.app.work.repository.appendEvent(TASK, { type: 'progress', n: 2 }, false);
    expect(next).toBeDefined();
    await t.app.work.tasks.bus.publish(TASK);
    await readUntil(bystander, /"n":2/);
    await bystander.body?.cancel();
  }, 60_000);

  it("deletion: the user's notification stream ends", async () => {
    const bob = await newSignedInUser(t, 'bob-deleted');
    const stream = await open(bob.token, 'notifications');
    expect(stream.status).toBe(200);
    await readUntil(stream, /data:/);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/users/${bob.id}`,
      headers: t.bearer(t.tokens.admin),
    });
    expect(removed.statusCode).toBe(204);
    await tick();
    await readToEnd(stream);
  }, 60_000);

  it("role change: the user's notification stream ends", async () => {
    const cy = await newSignedInUser(t, 'cy-promoted');
    const stream = await open(cy.token, 'notifications');
    expect(stream.status).toBe(200);
    await readUntil(stream, /data:/);
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${cy.id}`,
      headers: t.bearer(t.tokens.admin),
      payload: { role: 'manager' },
    });
    expect(change.statusCode).toBe(200);
    await tick();
    await readToEnd(stream);
  }, 60_000);

  it("logout: the signed-out token's streams end; the same user's other session goes on", async () => {
    const di = await newSignedInUser(t, 'di-logout');
    const laptop = await open(di.token, 'notifications');
    const phoneToken = await t.login('di-logout', 'di-logout-password-1');
    const phone = await open(phoneToken, 'notifications');
    expect([laptop.status, phone.status]).toEqual([200, 200]);
    await readUntil(laptop, /data:/);
    await readUntil(phone, /data:/);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: t.bearer(di.token),
    });
    expect(out.statusCode).toBe(204);
    await tick();
    await readToEnd(laptop);
    // The phone's session stands (its stream is re-checked against the same answer).
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/auth/me',
          headers: t.bearer(phoneToken),
        })
      ).statusCode,
    ).toBe(200);
    await phone.body?.cancel();
  }, 60_000);
});
