import type { JobRecord } from '@meridian/contracts';
import type { Kit } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/io/date-input';
import { addKit, call, listJobs, uploadSchedule } from './scheduling-fixtures';
import { createTestApp, TEST_TODAY, type TestApp } from './support/test-app';

// A kit saved as out for maintenance leaves every job that starts after today
// (and undated ones); jobs already past or under way keep it.

let t: TestApp;
let kit: Kit;
let other: Kit;

beforeAll(async () => {
  t = await createTestApp();
  kit = await addKit(t, 'Kit Fragile', '10001');
  other = await addKit(t, 'Kit Sturdy', '10001');
  // Dates around the app's today (the rule is about today); an upload span is at most 366 days.
  const day = (n: number) => addDays(TEST_TODAY, n);
  await uploadSchedule(
    t,
    [
      'customer,zip_code,start,end,assigned_kit',
      `Past Clinic,10016,${day(-400)},${day(-399)},Kit Fragile`,
      `Ongoing Clinic,60611,${day(-1)},${day(1)},`,
      `Future Clinic,98104,${day(30)},${day(31)},Kit Fragile`,
      `Later Clinic,77030,${day(60)},${day(60)},Kit Fragile`,
      `Undated Clinic,02115,${day(90)},${day(90)},Kit Fragile`,
    ].join('\n'),
  );
  const byName = new Map((await listJobs(t)).map((j) => [j.customer, j]));
  // The ongoing job takes Kit Fragile by hand (pinned).
  const ongoing = byName.get('Ongoing Clinic')!;
  const pinned = await call(t, 'POST', '/api/v1/kits/manual_override', {
    job_id: ongoing.id,
    kit_id: kit.id,
    // It started yesterday: its record is corrected, with a reason.
    reason: 'The fragile kit went out with it',
  });
  expect(pinned.statusCode, pinned.body).toBe(200);
  // A job without dates can hold a kit too (an upload row whose dates were cleared later).
  await t.database.db
    .updateTable('jobs')
    .set({ start_date: null, end_date: null })
    .where('id', '=', byName.get('Undated Clinic')!.id)
    .execute();
});
afterAll(async () => {
  await t.close();
});

const putKit = (k: Kit, fields: Partial<Kit>, as: 'manager' | 'regular' = 'manager') =>
  call(
    t,
    'PUT',
    `/api/v1/kits/${k.id}`,
    {
      current_location_zip: k.current_location_zip,
      is_out_for_maintenance: k.is_out_for_maintenance,
      comments: k.comments,
      ...fields,
    },
    as,
  );
const jobsByName = async () => new Map((await listJobs(t)).map((j) => [j.customer, j]));

describe('PUT /api/v1/kits/{id} with is_out_for_maintenance', () => {
  it('answers the kit and takes it off jobs starting after today, keeping past and ongoing ones', async () => {
    const before = await jobsByName();
    const res = await putKit(kit, { is_out_for_maintenance: true, comments: 'lamp broken' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Kit>()).toEqual({
      ...kit,
      is_out_for_maintenance: true,
      comments: 'lamp broken',
    });

    const after = await jobsByName();
    const kitOf = (name: string) => after.get(name)!.assigned_kit_id;
    expect(kitOf('Past Clinic')).toBe(kit.id);
    expect(after.get('Ongoing Clinic')).toMatchObject({
      assigned_kit_id: kit.id,
      kit_pinned: true,
    });
    for (const name of ['Future Clinic', 'Later Clinic', 'Undated Clinic']) {
      const job: JobRecord = after.get(name)!;
      expect(job).toMatchObject({
        assigned_kit_id: null,
        assigned_kit_name: null,
        kit_location: null,
        kit_pinned: false,
      });
      // A new version, so an editor holding the old row reloads before writing it back.
      expect(job.version).toBe(before.get(name)!.version + 1);
    }
    expect(after.get('Past Clinic')!.version).toBe(before.get('Past Clinic')!.version);
  });

  it('leaves jobs alone when the kit is back in service, and other kits are untouched', async () => {
    const repaired = await putKit(kit, { is_out_for_maintenance: false, comments: '' });
    expect(repaired.statusCode).toBe(200);
    const futureJob = (await jobsByName()).get('Future Clinic')!;
    const back = await call(t, 'POST', '/api/v1/kits/manual_override', {
      job_id: futureJob.id,
      kit_id: kit.id,
    });
    expect(back.statusCode).toBe(200);
    const comment = await putKit(kit, { comments: 'serviced' });
    expect(comment.statusCode).toBe(200);
    expect((await jobsByName()).get('Future Clinic')!.assigned_kit_id).toBe(kit.id);
    const sturdy = await putKit(other, { is_out_for_maintenance: true });
    expect(sturdy.statusCode).toBe(200);
    expect((await jobsByName()).get('Future Clinic')!.assigned_kit_id).toBe(kit.id);
  });
});
