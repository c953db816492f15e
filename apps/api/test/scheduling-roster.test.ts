import type { JobRecord } from '@meridian/contracts';
import type { Kit, Physicist, Unavailability, ZipPoint } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addKit,
  addPhysicist,
  call,
  listJobs,
  postFile,
  uploadSchedule,
} from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  // regular1 is a kit editor in this app (KIT_EDITOR_USERNAMES=Regular1, matched case-insensitively).
  t = await createTestApp({ config: { kitEditorUsernames: ['Regular1'] } });
});
afterAll(async () => {
  await t.close();
});

describe('physicists', () => {
  it('adds, lists, edits and refuses unknown zips and taken names with a detail', async () => {
    const ada = await addPhysicist(t, 'Ada Roster', 'lead', '2115');
    expect(ada).toMatchObject({ name: 'Ada Roster', role: 'lead', home_zip: '02115' });
    const unknownZip = await call(t, 'POST', '/api/v1/physicists/', {
      name: 'Zed',
      role: 'lead',
      home_zip: '00001',
    });
    expect(unknownZip.statusCode).toBe(400);
    expect(unknownZip.json<{ detail: string }>().detail).toContain('00001');
    const taken = await call(t, 'POST', '/api/v1/physicists/', {
      name: 'ada roster',
      role: 'dataacq',
      home_zip: '10001',
    });
    expect(taken.statusCode).toBe(409);
    const edited = await call(t, 'PUT', `/api/v1/physicists/${ada.id}`, {
      name: 'Ada Roster',
      role: 'dataacq',
      home_zip: '10001',
    });
    expect(edited.json()).toMatchObject({ role: 'dataacq', home_zip: '10001' });
    const list = (await call(t, 'GET', '/api/v1/physicists/', undefined, 'regular')).json<
      Physicist[]
    >();
    expect(list.map((x) => x.name)).toContain('Ada Roster');
  });

  it('deletes a physicist: their slots on jobs are emptied and their leave removed, as the answer says', async () => {
    const lead = await addPhysicist(t, 'Gone Soon', 'lead', '10001');
    await uploadSchedule(
      t,
      'record_type,customer,zip_code,start,assigned_lead,physicist_name\njob,Site,10001,2026-02-02,Gone Soon,\nleave,,,2026-02-10,,Gone Soon',
    );
    const res = await call(t, 'DELETE', `/api/v1/physicists/${lead.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string }>().message).toMatch(/removed from 1 job.*1 unavailability/);
    const [job] = await listJobs(t);
    expect(job).toMatchObject({ assigned_lead: null, assigned_lead_id: null, lead_pinned: false });
    expect((await call(t, 'GET', '/api/v1/availability/')).json()).toEqual([]);
  });

  it('imports a CSV all or nothing', async () => {
    const good = await postFile(
      t,
      '/api/v1/physicists/import',
      'p.csv',
      'name,role,home_zip\nImp One,lead,60601\nImp Two,Data Acq,94105-0001',
    );
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ added: 2 });
    const bad = await postFile(
      t,
      '/api/v1/physicists/import',
      'p.csv',
      'name,role,home_zip\nImp Three,lead,60601\nImp Four,boss,00001',
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: { line: number }[] }>().errors.map((e) => e.line)).toEqual([3, 3]);
    const names = (await call(t, 'GET', '/api/v1/physicists/'))
      .json<Physicist[]>()
      .map((x) => x.name);
    expect(names).not.toContain('Imp Three');
  });
});

describe('kits', () => {
  it('lets admins, managers and listed kit editors update a kit; other regular users get 403', async () => {
    const kit = await addKit(t, 'Kit Edit', '10001');
    const body = {
      current_location_zip: '60601',
      is_out_for_maintenance: true,
      comments: 'calibration',
    };
    const byEditor = await call(t, 'PUT', `/api/v1/kits/${kit.id}`, body, 'regular');
    expect(byEditor.statusCode).toBe(200);
    expect(byEditor.json<Kit>()).toMatchObject(body);
    const other = await t.app.services.users.create({
      username: 'plain-viewer',
      email: 'plain@example.org',
      password: 'plain-password-1',
      role: 'regular',
    });
    const token = await t.login(other.username, 'plain-password-1');
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/kits/${kit.id}`,
      headers: t.bearer(token),
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    const badZip = await call(
      t,
      'PUT',
      `/api/v1/kits/${kit.id}`,
      { ...body, current_location_zip: '00001' },
      'admin',
    );
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json<{ detail: string }>().detail).toContain('00001');
    // Kit editors edit kits, not the roster.
    expect(
      (await call(t, 'DELETE', `/api/v1/kits/${kit.id}`, undefined, 'regular')).statusCode,
    ).toBe(403);
  });

  it('deletes a kit and empties it from jobs; imports kits from CSV', async () => {
    const kit = await addKit(t, 'Kit Gone', '10001');
    await uploadSchedule(t, 'customer,zip_code,start,assigned_kit\nSite,10001,2026-02-02,Kit Gone');
    const res = await call(t, 'DELETE', `/api/v1/kits/${kit.id}`);
    expect(res.json<{ message: string }>().message).toMatch(/removed from 1 job/);
    const [job] = await listJobs(t);
    expect(job).toMatchObject<Partial<JobRecord>>({
      assigned_kit_id: null,
      assigned_kit_name: null,
    });
    const imported = await postFile(
      t,
      '/api/v1/kits/import',
      'k.csv',
      'name,current_location_zip,is_out_for_maintenance,comments\nKit I1,02115,yes,"a, b"\nKit I2,94105,no,',
    );
    expect(imported.json()).toMatchObject({ added: 2 });
  });
});

describe('availability and zip data', () => {
  it('adds and deletes single records; refuses unknown names and reversed ranges', async () => {
    await addPhysicist(t, 'Leave Taker', 'dataacq', '07030');
    const added = await call(t, 'POST', '/api/v1/availability/', {
      physicist_name: 'leave taker',
      start_date: '2026-08-03',
      end_date: '2026-08-07',
    });
    expect(added.statusCode).toBe(201);
    const record = added.json<Unavailability>();
    expect(record).toMatchObject({ physicist_name: 'Leave Taker', start_date: '2026-08-03' });
    const unknown = await call(t, 'POST', '/api/v1/availability/', {
      physicist_name: 'Nobody',
      start_date: '2026-08-03',
      end_date: '2026-08-07',
    });
    expect(unknown.statusCode).toBe(400);
    const reversed = await call(t, 'POST', '/api/v1/availability/', {
      physicist_name: 'Leave Taker',
      start_date: '2026-08-07',
      end_date: '2026-08-03',
    });
    expect(reversed.statusCode).toBe(400);
    expect((await call(t, 'DELETE', `/api/v1/availability/${record.id}`)).statusCode).toBe(204);
  });

  it('answers the coordinates of the zips used by jobs, physicists and kits only', async () => {
    const zips = (await call(t, 'GET', '/api/v1/zip-data', undefined, 'regular')).json<
      ZipPoint[]
    >();
    const codes = zips.map((z) => z.zip_code);
    expect(codes).toEqual(expect.arrayContaining(['07030', '10001', '02115', '94105']));
    expect(codes.length).toBeLessThan(20);
    expect(zips.find((z) => z.zip_code === '10001')).toMatchObject({ lat: 40.7484, lon: -73.9967 });
  });

  it('exports assignments and unavailability for every role, manager pages only for managers', async () => {
    const regular = (page: string) =>
      call(t, 'GET', `/api/v1/export?page=${page}&format=xlsx`, undefined, 'regular');
    expect((await regular('assignments')).statusCode).toBe(200);
    const leave = await regular('unavailability');
    expect(leave.headers['content-disposition']).toBe(
      'attachment; filename="unavailability_export.xlsx"',
    );
    expect((await regular('schedule')).statusCode).toBe(403);
    expect((await regular('datamanagement')).statusCode).toBe(403);
  });
});
