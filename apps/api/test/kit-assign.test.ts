import type { JobRecord } from '@meridian/contracts';
import { haversineMiles } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { seedSchedule, type Seeded } from './tasks-fixture';

let t: TestApp;
let seeded: Seeded;

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedSchedule(t);
  // Kit West is pinned by hand on the Sunset Imaging job: it must stay.
  await t.database.db
    .updateTable('jobs')
    .set({ assigned_kit_id: seeded.kits[1]!, kit_pinned: true })
    .where('id', '=', seeded.jobs[2]!)
    .execute();
});
afterAll(async () => {
  await t.close();
});

const coords = async (zip: string) =>
  t.database.db
    .selectFrom('zip_data')
    .select(['lat', 'lon'])
    .where('zip_code', '=', zip)
    .executeTakeFirstOrThrow();

describe('POST /api/v1/kits/assign', () => {
  it('covers jobs with the minimum-mile kit routes, keeps pins, and jobs show where each kit comes from', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kits/assign',
      headers: t.bearer(t.tokens.manager),
    });
    expect(res.statusCode).toBe(200);
    const { message } = res.json<{ message: string }>();
    const reported = Number(/total kit miles: ([\d,]+)/.exec(message)![1]!.replaceAll(',', ''));

    // What the API shows (kit_location is derived from the routes when jobs are read).
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jobs/',
      headers: t.bearer(t.tokens.regular),
    });
    const all = listed.json<JobRecord[]>();
    const byId = new Map(all.map((r) => [r.id, r]));
    const rows = all
      .filter((r) => r.start !== null)
      .sort((a, b) => a.start!.localeCompare(b.start!) || a.id - b.id);
    expect(byId.get(seeded.jobs[2]!)!.assigned_kit_id).toBe(seeded.kits[1]);
    // No kit on a job without a usable zip or without dates; the broken kit never travels.
    expect(byId.get(seeded.jobs[6]!)!.assigned_kit_id).toBeNull();
    expect(byId.get(seeded.jobs[7]!)!.assigned_kit_id).toBeNull();
    expect(rows.some((r) => r.assigned_kit_id === seeded.kits[2])).toBe(false);

    // Re-walk every kit's route from the stored rows: no overlaps, and the miles add up.
    const kitZip = new Map([
      [seeded.kits[0]!, '10001'],
      [seeded.kits[1]!, '90012'],
    ]);
    let miles = 0;
    for (const [kit, home] of kitZip) {
      const route = rows.filter((r) => r.assigned_kit_id === kit);
      let at = home;
      let lastEnd = '';
      for (const job of route) {
        expect(job.start! > lastEnd).toBe(true);
        expect(job.kit_location).toBe(at);
        const a = await coords(at);
        const b = await coords(job.zip_code);
        miles += haversineMiles(a.lat, a.lon, b.lat, b.lon);
        at = job.zip_code;
        lastEnd = job.end!;
      }
    }
    expect(Math.abs(miles - reported)).toBeLessThanOrEqual(1);
    // Mercy and Lakeside overlap on 4 January; Kit West is held by its pin (5 January)
    // until then, so one of the two has no kit free: 5 of the 6 placeable jobs are covered.
    expect(message).toMatch(/2 kits cover 5 of 7 dated jobs/);
    expect(message).toMatch(/1 no coordinates, 1 no kit free/);
  });

  it('is refused to regular users', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kits/assign',
      headers: t.bearer(t.tokens.regular),
    });
    expect(res.statusCode).toBe(403);
  });
});
