import type { JobRecord } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, listJobs, postFile, uploadSchedule } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await uploadSchedule(
    t,
    'record_type,customer,zip_code,start,end\njob,Before Guard,10001,2026-03-02,2026-03-03\n',
  );
});
afterAll(async () => {
  await t.close();
});

const detailOf = (body: string) => (JSON.parse(body) as { detail: string }).detail;

describe('text input: valid Unicode without NUL or other C0 controls but tab, CR, LF', () => {
  it('sign-in with NUL in the username or password answers 400 naming the field, not 500', async () => {
    for (const [payload, field] of [
      ['username=a%00b&password=x', 'username'],
      [`username=${t.users.admin.username}&password=x%00y`, 'password'],
      ['username=a%1Bb&password=x', 'username'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/token',
        remoteAddress: '10.77.0.1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(detailOf(res.body)).toContain(`'${field}'`);
    }
  });

  it('job, physicist, kit, station and notify-all writes answer 400 naming the field', async () => {
    const [job] = await listJobs(t);
    const cases: [string, 'POST' | 'PUT', string, object][] = [
      ['customer', 'PUT', `/api/v1/jobs/${job!.id}`, { ...job, customer: 'a\u0000b' }],
      ['name', 'POST', '/api/v1/physicists/', { name: 'x\u0000', role: 'lead', home_zip: '10001' }],
      ['name', 'POST', '/api/v1/kits/', { name: 'Kit\u0007', current_location_zip: '10001' }],
      ['message', 'POST', '/api/v1/notifications/notify-all', { message: 'hi\u0000' }],
      [
        'music.station.name',
        'PUT',
        '/api/v1/admin/appearance-settings',
        {
          theme: 'dark_shade',
          activeVideo: null,
          music: {
            mode: 'radio',
            keys: [],
            station: { url: 'https://radio.example.org/live', name: 'Jazz\u0000FM' },
          },
        },
      ],
      // A lone surrogate is no character at all.
      ['message', 'POST', '/api/v1/notifications/notify-all', { message: 'x\ud800y' }],
    ];
    for (const [field, method, url, body] of cases) {
      const res = await call(t, method, url, body, 'admin');
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(detailOf(res.body), `${method} ${url}`).toContain(`field '${field}'`);
    }
    // Nothing was written: the job keeps its customer.
    expect((await listJobs(t))[0]!.customer).toBe('Before Guard');
  });

  it('keys, query values and path parameters are checked too', async () => {
    const key = await call(
      t,
      'POST',
      '/api/v1/notifications/notify-all',
      { 'm\u0000': 'x' },
      'admin',
    );
    expect(key.statusCode).toBe(400);
    const query = await call(t, 'GET', '/api/v1/export?format=csv%00', undefined, 'admin');
    expect(query.statusCode).toBe(400);
    expect(detailOf(query.body)).toContain("query field 'format'");
    const path = await call(t, 'DELETE', '/api/v1/admin/backgrounds/a%00b', undefined, 'admin');
    expect(path.statusCode).toBe(400);
    expect(detailOf(path.body)).toContain("path field 'name'");
  });

  it('tab, CR and LF are text: a message with them is sent', async () => {
    const res = await call(
      t,
      'POST',
      '/api/v1/notifications/notify-all',
      { message: 'line one\r\nline\ttwo' },
      'admin',
    );
    expect(res.statusCode).toBe(200);
  });

  it('a CSV upload with NUL in a cell is refused with its line and column; nothing changes', async () => {
    const csv =
      'record_type,customer,zip_code,start,end\n' +
      'job,Fine,10001,2026-03-02,2026-03-03\n' +
      'job,Bad\u0000Name,10001,2026-03-04,2026-03-05\n';
    const res = await postFile(t, '/api/v1/schedules/upload', 'plan.csv', csv);
    expect(res.statusCode).toBe(422);
    const body = res.json<{ errors: { line: number; column: string; message: string }[] }>();
    expect(body.errors).toEqual([
      expect.objectContaining({
        line: 3,
        column: 'customer',
        message: expect.stringContaining('U+0000') as string,
      }),
    ]);
    expect((await listJobs(t)).map((j: JobRecord) => j.customer)).toEqual(['Before Guard']);
  });

  it('a roster import with a control character is refused with its line', async () => {
    const res = await postFile(
      t,
      '/api/v1/physicists/import',
      'roster.csv',
      'name,role,home_zip\nAda\u0001 Park,lead,10001\n',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: { line: number; column: string }[] }>().errors[0]).toMatchObject({
      line: 2,
      column: 'name',
    });
  });

  it('a multipart file name with NUL answers 400 naming it', async () => {
    const res = await postFile(
      t,
      '/api/v1/schedules/upload',
      'plan\u0000.csv',
      'record_type,customer\n',
    );
    expect(res.statusCode).toBe(400);
    expect(detailOf(res.body)).toContain('file name');
  });
});
