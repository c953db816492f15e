import type { JobRecord } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathCoverChannel } from '../src/kinds/kit-assignment/path-cover-thread';
import { addDays } from '../src/io/date-input';
import { createTestApp, type TestApp } from './support/test-app';

// The kit path cover takes seconds on a big schedule. It runs on a thread of
// its own, so the API keeps answering meanwhile. The proof is ordering, not
// timing: a request made after the cover started is answered before the
// cover's end is reported.

const JOBS = 800;
const KITS = 20;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const zips = (
    await db
      .selectFrom('zip_data')
      .select('zip_code')
      .where('zip_code', 'like', '%00')
      .orderBy('zip_code')
      .limit(60)
      .execute()
  ).map((z) => z.zip_code);
  await db
    .insertInto('kits')
    .values(
      Array.from({ length: KITS }, (_, k) => ({
        name: `Kit ${k + 1}`,
        current_location_zip: zips[(k * 7) % zips.length]!,
      })),
    )
    .execute();
  // Jobs about a day apart, one to three days long: many possible kit routes, all coverable.
  await db
    .insertInto('jobs')
    .values(
      Array.from({ length: JOBS }, (_, i) => {
        const start = addDays('2027-01-04', Math.floor(i * 0.9));
        return {
          customer: `Site ${i % 97}`,
          location: `Site ${i % 97}`,
          zip_code: zips[(i * 13) % zips.length]!,
          start_date: start,
          end_date: addDays(start, i % 3),
        };
      }),
    )
    .execute();
});
afterAll(async () => {
  await t.close();
});

const assignKits = () =>
  t.app.inject({ method: 'POST', url: '/api/v1/kits/assign', headers: t.bearer(t.tokens.manager) });

/** Records cover start/end from the channel and the order in which answers arrive. */
function recorder() {
  const events: string[] = [];
  let started: () => void = () => {};
  const coverStarted = new Promise<void>((resolve) => (started = resolve));
  const onMessage = (message: unknown) => {
    const { phase } = message as { phase: 'start' | 'end' };
    events.push(`cover ${phase}`);
    if (phase === 'start') started();
  };
  pathCoverChannel.subscribe(onMessage);
  return {
    events,
    coverStarted,
    stop: () => pathCoverChannel.unsubscribe(onMessage),
  };
}

describe('POST /api/v1/kits/assign off the event loop', () => {
  it('answers GET /health (and refuses a second run) while the cover runs', async () => {
    const r = recorder();
    try {
      const assigning = assignKits().then((res) => {
        r.events.push('assign answered');
        return res;
      });
      await Promise.race([r.coverStarted, assigning]);
      // On the event loop the cover would have started and ended before anything else ran.
      expect(r.events).toEqual(['cover start']);

      const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      r.events.push('health answered');
      expect(health.statusCode).toBe(200);
      const second = await assignKits();
      r.events.push('second run answered');
      expect(second.statusCode).toBe(409);
      expect(second.json<{ detail: string }>().detail).toMatch(/already being assigned/);

      const res = await assigning;
      expect(res.statusCode, res.body).toBe(200);
      expect(r.events).toEqual([
        'cover start',
        'health answered',
        'second run answered',
        'cover end',
        'assign answered',
      ]);
      expect(res.json<{ message: string }>().message).toMatch(
        new RegExp(`cover ${JOBS} of ${JOBS} dated jobs`),
      );
    } finally {
      r.stop();
    }
  });

  it('solves again when a kit is pinned while the cover runs, and keeps the pin', async () => {
    const jobs = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/jobs/',
        headers: t.bearer(t.tokens.manager),
      })
    ).json<JobRecord[]>();
    const target = jobs[JOBS / 2]!;
    expect(target.assigned_kit_id).not.toBeNull();
    const r = recorder();
    try {
      const assigning = assignKits();
      await r.coverStarted;
      // Pin the kit the job already has: allowed, and it changes what the cover must respect.
      const pin = await t.app.inject({
        method: 'POST',
        url: '/api/v1/kits/manual_override',
        headers: t.bearer(t.tokens.manager),
        payload: { job_id: target.id, kit_id: target.assigned_kit_id },
      });
      expect(pin.statusCode, pin.body).toBe(200);
      const res = await assigning;
      expect(res.statusCode, res.body).toBe(200);
      expect(r.events).toEqual(['cover start', 'cover end', 'cover start', 'cover end']);
      const after = (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/jobs/',
          headers: t.bearer(t.tokens.manager),
        })
      ).json<JobRecord[]>();
      expect(after.find((j) => j.id === target.id)).toMatchObject({
        assigned_kit_id: target.assigned_kit_id,
        kit_pinned: true,
      });
    } finally {
      r.stop();
    }
  });
});
