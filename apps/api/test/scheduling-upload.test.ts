import type { JobRecord } from '@meridian/contracts';
import type { Unavailability } from '@meridian/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../src/io/issues';
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
const UPLOAD = '/api/v1/schedules/upload';

const BASELINE = [
  'customer,location,zip_code,package,start,end,assigned_lead,comment',
  'Baseline Clinic,1 Main St,10001,ACR MRI,2026-03-02,2026-03-03,Ada Lead,keep me',
].join('\r\n');

async function snapshot() {
  const jobs = await listJobs(t);
  const leave = (await call(t, 'GET', '/api/v1/availability/')).json<Unavailability[]>();
  return { jobs, leave };
}

beforeAll(async () => {
  // More imports than IMPORT_RATE_PER_MINUTE allows: this file checks formats, not the limit.
  t = await createTestApp({ config: { importRatePerMinute: 1000 } });
  await addPhysicist(t, 'Ada Lead', 'lead', '10001');
  await addPhysicist(t, 'Bob Acq', 'dataacq', '02115');
  await addKit(t, 'Kit 01', '60601');
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await uploadSchedule(t, BASELINE);
});

describe('POST /api/v1/schedules/upload', () => {
  it('reads BOM, CRLF, quoted commas and newlines, ZIP+4 and lost leading zeros', async () => {
    const csv =
      '\uFEFFCustomer,Location,Zip,Package,Start_Date,End_Date,Assigned_Lead,Assigned_Data_Acq,Assigned_Kit,Comments\r\n' +
      '"Mercy, North","12 Elm St\nSuite 4",02115-1234,"MRI, annual",3/2/2026,3/4/2026,ada lead,Bob Acq,kit 01,"said ""hi"""\r\n' +
      'Hoboken Imaging,,7030,CT,2026-03-10,,,,,\r\n';
    const res = await postFile(t, UPLOAD, 'a.csv', csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ jobs_added: 2, availability_added: 0 });
    const jobs = await listJobs(t);
    const mercy = jobs.find((j) => j.customer === 'Mercy, North')!;
    expect(mercy).toMatchObject({
      location: '12 Elm St\nSuite 4',
      zip_code: '02115',
      package: 'MRI, annual',
      start: '2026-03-02',
      end: '2026-03-04',
      duration: 3,
      region: 'Northeast',
      assigned_lead: 'Ada Lead',
      assigned_data_acq: 'Bob Acq',
      assigned_kit_name: 'Kit 01',
      kit_location: '60601',
      lead_pinned: false,
    });
    expect(mercy.assigned_lead_id).toBeTypeOf('number');
    expect(mercy.assigned_kit_id).toBeTypeOf('number');
    expect(mercy.reason).toContain('said "hi"');
    const hoboken = jobs.find((j) => j.customer === 'Hoboken Imaging')!;
    expect(hoboken).toMatchObject({ zip_code: '07030', start: '2026-03-10', end: '2026-03-10' });
  });

  it('imports unavailability rows and warns about missing zips and unknown names', async () => {
    const csv = [
      'record_type,customer,zip_code,start,end,physicist_name,assigned_lead',
      'job,No Zip Clinic,N/A,2026-04-01,2026-04-01,,Someone Else',
      'pto,,,2026-04-02,2026-04-03,ada lead,',
    ].join('\n');
    const res = await postFile(t, UPLOAD, 'b.csv', csv);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ warnings: string[] }>();
    expect(body).toMatchObject({ jobs_added: 1, availability_added: 1 });
    expect(body.warnings.join('\n')).toMatch(/line 2.*zip/);
    expect(body.warnings.join('\n')).toMatch(/Someone Else/);
    const [job] = await listJobs(t);
    expect(job).toMatchObject({ zip_code: 'N/A', region: null, assigned_lead: 'Someone Else' });
    expect(job!.assigned_lead_id).toBeNull();
    const { leave } = await snapshot();
    expect(leave).toEqual([
      expect.objectContaining({ physicist_name: 'Ada Lead', start_date: '2026-04-02' }),
    ]);
  });

  it.each([
    ['a bad date', 'customer,start\nA,2026-02-30\nB,next tuesday', [2, 3]],
    ['end before start', 'customer,start,end\nA,2026-03-05,2026-03-01', [2]],
    ['a missing customer', 'customer,start\n,2026-03-05\nOk,2026-03-06', [2]],
    ['a bad zip', 'customer,zip_code,start\nA,ABCDE,2026-03-05', [2]],
  ])('refuses %s with 422, line numbers and nothing changed', async (_name, csv, lines) => {
    const before = await snapshot();
    const res = await postFile(t, UPLOAD, 'bad.csv', csv);
    expect(res.statusCode).toBe(422);
    const body = res.json<{ detail: string; errors: { line: number }[]; total_errors: number }>();
    expect(body.detail).toMatch(/nothing was changed/);
    expect(body.errors.map((e) => e.line)).toEqual(lines);
    expect(body.total_errors).toBe(lines.length);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 413 naming the limit for a file over 20 MB, and changes nothing', async () => {
    const before = await snapshot();
    const row = 'Big Clinic,2026-03-05\n';
    const csv = `customer,start\n${row.repeat(Math.ceil((MAX_UPLOAD_BYTES + 10) / row.length))}`;
    const res = await postFile(t, UPLOAD, 'big.csv', csv);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ detail: string }>().detail).toMatch(/20 MB/);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 413 naming the row limit above 100,000 rows', async () => {
    const csv = `customer,start\n${'C,2026-03-05\n'.repeat(100_001)}`;
    const res = await postFile(t, UPLOAD, 'rows.csv', csv);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ detail: string }>().detail).toMatch(/100000 rows/);
  });

  it('never crashes and never half-imports on random files (property)', async () => {
    const cell = fc.oneof(
      fc.constantFrom(
        '2026-03-05',
        '3/6/26',
        '2026-13-01',
        '',
        '02115',
        '1234',
        'N/A',
        '"',
        ',',
        '\n',
      ),
      fc.string({ maxLength: 8 }),
    );
    const file = fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(file, async (rows) => {
        const csv = ['customer,zip_code,start,end', ...rows.map((r) => r.join(','))].join('\n');
        const before = await snapshot();
        const res = await postFile(t, UPLOAD, 'random.csv', csv);
        expect([200, 422]).toContain(res.statusCode);
        const after = await snapshot();
        if (res.statusCode === 422) expect(after).toEqual(before);
        else expect(after.jobs.length).toBe(res.json<{ jobs_added: number }>().jobs_added);
      }),
      { numRuns: 25, seed: 20261122 },
    );
  });
});

describe('export then re-import', () => {
  it('gives the same data for the Data Management export, as CSV and as XLSX', async () => {
    const csv = [
      'record_type,customer,location,zip_code,package,start,end,assigned_lead,assigned_kit,comment,physicist_name',
      'job,"=Clinic, One","a ""b""",02115,+pkg,2026-05-04,2026-05-06,Ada Lead,Kit 01,-note,',
      'job,Second,,none,CT,2026-05-07,,,,,',
      'leave,,,,,2026-05-01,2026-05-02,,,,Bob Acq',
    ].join('\n');
    await uploadSchedule(t, csv);
    const strip = (jobs: JobRecord[]) => jobs.map(({ id: _id, version: _v, ...rest }) => rest);
    const stripLeave = (leave: Unavailability[]) => leave.map(({ id: _id, ...rest }) => rest);
    const before = await snapshot();
    for (const format of ['csv', 'xlsx'] as const) {
      const exported = await call(t, 'GET', `/api/v1/export?page=datamanagement&format=${format}`);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toBe(
        `attachment; filename="datamanagement_export.${format}"`,
      );
      const res = await postFile(t, UPLOAD, `datamanagement_export.${format}`, exported.rawPayload);
      expect(res.statusCode, res.body).toBe(200);
      const after = await snapshot();
      expect(strip(after.jobs)).toEqual(strip(before.jobs));
      expect(stripLeave(after.leave)).toEqual(stripLeave(before.leave));
    }
    expect(before.jobs[0]!.customer).toBe('=Clinic, One');
  });
});
