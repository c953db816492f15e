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
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = new AbortController();
    expect((await open(t.tokens.manager, again)).status).toBe(200);
    again.abort();
    for (const c of controllers) c.abort();
  }, 30_000);

  it("an open stream ends within 5 s of its token's revocation (role change)", async () => {
    const controller = new AbortController();
    const res = await open(t.tokens.regular, controller);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const revoked = Date.now();
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${t.users.regular.id}`,
      headers: t.bearer(t.tokens.admin),
      payload: { role: 'manager' },
    });
    expect(change.statusCode).toBe(200);
    let ended = false;
    const deadline = Date.now() + 8000;
    while (!ended && Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 500)),
      ]).catch(() => ({ done: true }));
      if (chunk !== null && chunk.done) ended = true;
    }
    controller.abort();
    expect(ended).toBe(true);
    expect(Date.now() - revoked).toBeLessThan(5500);
  }, 30_000);
});
