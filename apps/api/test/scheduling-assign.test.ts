import type { JobRecord } from '@meridian/contracts';
import { parseReason, type Kit, type Physicist } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKit, addPhysicist, call, listJobs, uploadSchedule } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let p: Record<'l1' | 'l2' | 'l3' | 'l4' | 'a1' | 'a2', Physicist>;
let k: Record<'ok' | 'broken', Kit>;
let jobs: Record<'nyc' | 'overlap' | 'hoboken' | 'nozip', JobRecord>;

beforeAll(async () => {
  t = await createTestApp();
  p = {
    l1: await addPhysicist(t, 'Lena One', 'lead', '10001'),
    l2: await addPhysicist(t, 'Lou Two', 'lead', '19104'),
    l3: await addPhysicist(t, 'Liv Three', 'lead', '02115'),
    l4: await addPhysicist(t, 'Lee Four', 'lead', '94105'),
    a1: await addPhysicist(t, 'Amy One', 'dataacq', '10010'),
    a2: await addPhysicist(t, 'Al Two', 'dataacq', '60601'),
  };
  k = { ok: await addKit(t, 'Kit A', '10001'), broken: await addKit(t, 'Kit B', '10001', true) };
  await uploadSchedule(
    t,
    [
      'record_type,customer,zip_code,start,end,comment,physicist_name',
      'job,NYC Clinic,11201,2026-03-02,2026-03-04,bring badge,',
      'job,Overlap Clinic,10001,2026-03-03,2026-03-03,,',
      'job,Hoboken Imaging,07030,2026-03-10,2026-03-10,,',
      'job,No Zip Clinic,,2026-03-10,2026-03-10,,',
      'pto,,,2026-03-04,2026-03-05,,Lou Two',
    ].join('\n'),
  );
  const all = await listJobs(t);
  const by = (customer: string) => all.find((j) => j.customer === customer)!;
  jobs = {
    nyc: by('NYC Clinic'),
    overlap: by('Overlap Clinic'),
    hoboken: by('Hoboken Imaging'),
    nozip: by('No Zip Clinic'),
  };
});
afterAll(async () => {
  await t.close();
});

const assign = (job: JobRecord, role: 'lead' | 'data_acq', person: Physicist | null) =>
  call(t, 'POST', '/api/v1/assignments/manual', {
    job_id: job.id,
    role,
    physicist_id: person?.id ?? null,
  });
const assignKit = (job: JobRecord, kit: Kit | null) =>
  call(t, 'POST', '/api/v1/kits/manual_override', { job_id: job.id, kit_id: kit?.id ?? null });
const detail = (res: { json: <T>() => T }) => res.json<{ detail: string }>().detail;

describe('manual assignment', () => {
  it('assigns and pins a lead, writing the assignment part of reason and keeping the comment', async () => {
    const res = await assign(jobs.nyc, 'lead', p.l1);
    expect(res.statusCode).toBe(200);
    const job = res.json<JobRecord>();
    expect(job).toMatchObject({
      assigned_lead: 'Lena One',
      assigned_lead_id: p.l1.id,
      lead_pinned: true,
      version: jobs.nyc.version + 1,
    });
    const parts = parseReason(job.reason);
    expect(parts.summary).toMatch(/^Lead: Lena One \(\d+ mi\) \| Acq: unassigned$/);
    expect(parts).toMatchObject({ rationale: '', comment: 'bring badge' });
  });

  it('refuses the wrong role, leave, an overlapping job and a job without a zip, saying why', async () => {
    const wrongRole = await assign(jobs.hoboken, 'lead', p.a1);
    expect(wrongRole.statusCode).toBe(400);
    expect(detail(wrongRole)).toMatch(/Amy One is a data-acquisition physicist/);

    const onLeave = await assign(jobs.nyc, 'lead', p.l2);
    expect(onLeave.statusCode).toBe(409);
    expect(detail(onLeave)).toMatch(/Lou Two is unavailable on 2026-03-04 to 2026-03-05/);

    const doubleBooked = await assign(jobs.overlap, 'lead', p.l1);
    expect(doubleBooked.statusCode).toBe(409);
    expect(detail(doubleBooked)).toContain(`already on job ${jobs.nyc.id} (NYC Clinic`);

    const noZip = await assign(jobs.nozip, 'data_acq', p.a1);
    expect(noZip.statusCode).toBe(400);
    expect(detail(noZip)).toMatch(/no usable zip/);

    const unknown = await call(t, 'POST', '/api/v1/assignments/manual', {
      job_id: jobs.nyc.id,
      role: 'lead',
      physicist_id: 987654,
    });
    expect(unknown.statusCode).toBe(404);
    const stored = (await listJobs(t)).find((j) => j.id === jobs.overlap.id)!;
    expect(stored.assigned_lead_id).toBeNull();
  });

  it('refuses a kit in maintenance or already out on overlapping dates; clears and unpins', async () => {
    const broken = await assignKit(jobs.nyc, k.broken);
    expect(broken.statusCode).toBe(409);
    expect(detail(broken)).toMatch(/Kit B is out for maintenance/);

    const ok = await assignKit(jobs.nyc, k.ok);
    expect(ok.json()).toMatchObject({
      assigned_kit_name: 'Kit A',
      kit_location: '10001',
      kit_pinned: true,
    });
    const busy = await assignKit(jobs.overlap, k.ok);
    expect(busy.statusCode).toBe(409);
    expect(detail(busy)).toMatch(
      /Kit A is already out on job \d+ \(NYC Clinic, 2026-03-02 to 2026-03-04\)/,
    );
    // Not overlapping: fine.
    expect((await assignKit(jobs.hoboken, k.ok)).statusCode).toBe(200);

    const cleared = await assignKit(jobs.hoboken, null);
    expect(cleared.json()).toMatchObject({ assigned_kit_id: null, kit_pinned: false });
  });

  it('refuses regular users who are not kit editors (403)', async () => {
    const body = { job_id: jobs.hoboken.id, kit_id: null };
    const refused = await call(t, 'POST', '/api/v1/kits/manual_override', body, 'regular');
    expect(refused.statusCode).toBe(403);
    const refusedPerson = await call(
      t,
      'POST',
      '/api/v1/assignments/manual',
      { job_id: jobs.hoboken.id, role: 'lead', physicist_id: null },
      'regular',
    );
    expect(refusedPerson.statusCode).toBe(403);
  });
});

describe('POST /api/v1/analyze/', () => {
  it('lists the nearest free physicists of each role, top 3, keeping the comment', async () => {
    const res = await call(t, 'POST', '/api/v1/analyze/');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string }>().message).toMatch(
      /Analyzed 4 jobs: candidates listed for 3, 1 without a usable zip/,
    );
    const all = await listJobs(t);
    const summary = (id: number) => parseReason(all.find((j) => j.id === id)!.reason).summary;
    const mi = '\\(\\d+ mi\\)';
    // NYC: Lena holds this very job (free for it); Lou is on leave; Lee (SF) is third.
    expect(summary(jobs.nyc.id)).toMatch(
      new RegExp(
        `^Lead: Lena One ${mi}, Liv Three ${mi}, Lee Four ${mi} \\| Acq: Amy One ${mi}, Al Two ${mi}$`,
      ),
    );
    // Overlap (2026-03-03): Lena is busy on the NYC job; Lou's leave starts the next day.
    expect(summary(jobs.overlap.id)).toMatch(
      new RegExp(`^Lead: Lou Two ${mi}, Liv Three ${mi}, Lee Four ${mi} \\|`),
    );
    expect(summary(jobs.nozip.id)).toBe('No candidates: the job has no usable zip code');
    expect(parseReason(all.find((j) => j.id === jobs.nyc.id)!.reason).comment).toBe('bring badge');
    // Distances are real: Philadelphia to Brooklyn is about 80 miles.
    expect(summary(jobs.overlap.id)).toMatch(/Lou Two \((7\d|8\d) mi\)/);
  });
});
