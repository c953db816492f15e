import { OptimizeStreamMessageSchema, type OptimizeStreamMessage } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import {
  pin,
  readStream,
  seedSchedule,
  storedSlots,
  storedViolations,
  type Seeded,
} from './tasks-fixture';

let t: TestApp;
let seeded: Seeded;

beforeAll(async () => {
  t = await createTestApp({ tasks: { optimizeTimeLimitMs: 2000 } });
  seeded = await seedSchedule(t);
});
afterAll(async () => {
  await t.close();
});

const start = async (algorithm: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/optimize/assign?algorithm=${algorithm}`,
    headers: t.bearer(t.tokens.manager),
  });
  return res;
};

describe('optimisation runs', () => {
  it('refuses an unknown algorithm with 400 {detail} and an unknown task stream with 404', async () => {
    const res = await start('nope');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(/algorithm/);
    const stream = await readStream(
      t,
      '/api/v1/optimize/stream/00000000-0000-0000-0000-000000000000',
    );
    expect(stream.res.statusCode).toBe(404);
  });

  it('streams progress then completion, writes assignments and keeps pinned slots', async () => {
    const [job0] = seeded.jobs;
    await pin(t, job0!, 'lead', seeded.leads[1]!);
    const res = await start('heuristic');
    expect(res.statusCode).toBe(202);
    const { task_id } = res.json<{ task_id: string }>();

    const { res: streamRes, events } = await readStream(t, `/api/v1/optimize/stream/${task_id}`);
    expect(streamRes.headers['content-type']).toMatch(/text\/event-stream/);
    // No-store on API answers (OWASP ASVS 14.3.2), streams included (the SSE plugin says no-cache).
    expect(streamRes.headers['cache-control']).toBe('no-store');
    const ids = events.map((e) => Number(e.id));
    expect(ids).toEqual(ids.map((_, i) => i + 1));
    const messages = events.map((e) => OptimizeStreamMessageSchema.parse(e.data));
    expect(messages[0]!.type).toBe('progress');
    const last = messages.at(-1) as Extract<OptimizeStreamMessage, { type: 'complete' }>;
    expect(last.type).toBe('complete');
    expect(last.result.algorithm).toBe('heuristic');
    // Counted over the whole plan as every screen counts it: the undated job too.
    expect(last.result.jobs_total).toBe(8);
    // Six jobs with a place and dates can be staffed; 'No Place' (zip n/a) is reported, never assigned.
    expect(last.result.jobs_assigned).toBe(6);

    const rows = await storedSlots(t);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(job0!)!.assigned_lead_id).toBe(seeded.leads[1]);
    expect(byId.get(job0!)!.lead_pinned).toBe(true);
    expect(byId.get(job0!)!.reason).toMatch(
      /^Lead: Ben Lead \(\d+ mi\) \| Acq: \w+ Acq \(\d+ mi\)/,
    );
    expect(byId.get(job0!)!.reason).toMatch(/Reasoning: Assigned by Simple, Fast \(heuristic\)/);
    expect(byId.get(seeded.jobs[6]!)!.assigned_lead_id).toBeNull();
    expect(byId.get(seeded.jobs[7]!)!.assigned_lead_id).toBeNull();
    expect(await storedViolations(t)).toEqual([]);

    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/summary',
      headers: t.bearer(t.tokens.regular),
    });
    expect(summary.json()).toMatchObject({ last_run: { algorithm: 'heuristic' } });
    const active = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tasks/active',
      headers: t.bearer(t.tokens.regular),
    });
    expect(active.json()).toEqual([]);

    // Resume: after event k, exactly k+1..n, no loss, no duplicates.
    const k = Math.max(1, ids.length - 2);
    const resumed = await readStream(t, `/api/v1/optimize/stream/${task_id}`, String(k));
    expect(resumed.events.map((e) => Number(e.id))).toEqual(ids.slice(k));
    // A finished task without Last-Event-ID replays its final event and closes.
    const replay = await readStream(t, `/api/v1/optimize/stream/${task_id}`);
    expect(replay.events).toHaveLength(1);
    expect(replay.events[0]!.id).toBe(String(ids.length));
    // Reconnecting after the final event (EventSource does, with its id): 204 No Content,
    // which tells the client to stop, instead of a 200 with only keep-alives forever.
    for (const after of [ids.length, ids.length + 5]) {
      const done = await readStream(t, `/api/v1/optimize/stream/${task_id}`, String(after));
      expect(done.res.statusCode).toBe(204);
      expect(done.res.body).toBe('');
      expect(done.res.headers['cache-control']).toBe('no-store');
    }
  });

  it('a run that fails leaves every assignment as it was', async () => {
    // Two overlapping jobs pinned to one lead break a hard rule: the run must fail.
    await pin(t, seeded.jobs[1]!, 'lead', seeded.leads[2]!);
    await pin(t, seeded.jobs[2]!, 'lead', seeded.leads[2]!);
    const before = await storedSlots(t);
    const { task_id } = (await start('heuristic')).json<{ task_id: string }>();
    const { events } = await readStream(t, `/api/v1/optimize/stream/${task_id}`);
    const last = OptimizeStreamMessageSchema.parse(events.at(-1)!.data);
    // A failure, not a cancel: clients report it as failed.
    expect(events.at(-1)!.data).toMatchObject({ type: 'error', status: 'error' });
    expect(last.type === 'error' && last.message).toMatch(
      /Pinned assignments break hard constraints/,
    );
    expect(await storedSlots(t)).toEqual(before);
  });
});
