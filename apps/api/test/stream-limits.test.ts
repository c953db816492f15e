import { DEFAULT_WEIGHTS } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listenOnFreePort, type TestApp } from './support/test-app';

let t: TestApp;
let base: string;
const TASK = '51111111-2222-3333-4444-555555555555';

beforeAll(async () => {
  // No workers: the queued task stays queued, so its stream stays open.
  t = await createTestApp({ tasks: { runWorkers: false } });
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
});
afterAll(async () => {
  await t.close();
});

const open = async (token: string, controller: AbortController) =>
  fetch(`${base}/api/v1/optimize/stream/${TASK}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });

describe('task streams', () => {
  it('at most 10 open streams per user: the 11th answers 429; closing one frees a place', async () => {
    const controllers = Array.from({ length: 11 }, () => new AbortController());
    const answers = [];
    for (const c of controllers.slice(0, 10)) answers.push(await open(t.tokens.manager, c));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const eleventh = await open(t.tokens.manager, controllers[10]!);
    expect(eleventh.status).toBe(429);
    expect(await eleventh.json()).toEqual({ detail: expect.any(String) as string });
    // Another user is not affected.
    const other = new AbortController();
    expect((await open(t.tokens.admin, other)).status).toBe(200);
    other.abort();
    controllers[0]!.abort();
    // The server frees the place once it sees the close, however late a loaded machine does:
    // try until it has (a place never freed fails on the test's timeout).
    let status = 429;
    while (status === 429) {
      const again = new AbortController();
      const res = await open(t.tokens.manager, again);
      status = res.status;
      again.abort();
      if (status === 429) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(200);
    for (const c of controllers) c.abort();
  }, 30_000);

  it('an open stream ends at its next token check after the revocation (role change)', async () => {
    const controller = new AbortController();
    const res = await open(t.tokens.regular, controller);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${t.users.regular.id}`,
      headers: t.bearer(t.tokens.admin),
      payload: { role: 'manager' },
    });
    expect(change.statusCode).toBe(200);
    // The stream rechecks its token every 2 s (task-stream.ts); read until the server ends it.
    // No clock here: a stream that never ends fails on the test's timeout (15 rechecks).
    let done = false;
    // An ended stream reads as done (or, torn down, as an error: ended too).
    while (!done) ({ done } = await reader.read().catch(() => ({ done: true })));
    controller.abort();
    expect(done).toBe(true);
  }, 30_000);
});
