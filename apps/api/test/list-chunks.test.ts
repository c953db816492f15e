import { JobListSchema, type JobRecord } from '@meridian/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_LIST_CHUNK_ROWS, listSources } from '../src/services/list-sources';
import { addKit, addPhysicist } from './scheduling-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
const JOBS = 2 * JOB_LIST_CHUNK_ROWS + 7;

beforeAll(async () => {
  t = await createTestApp();
  await addPhysicist(t, 'Lead Person', 'lead', '60601');
  await addKit(t, 'Kit One', '10001');
  await addKit(t, 'Kit Two', '73301');
  // Undated jobs, jobs sharing a start date and kits travelling between jobs: every ordering rule.
  await sql`insert into jobs (customer, zip_code, start_date, end_date, assigned_kit_id, assigned_lead_id)
    select 'Customer ' || g, lpad((10000 + g % 90)::text, 5, '0'),
      case when g % 10 = 0 then null else date '2026-01-01' + (g % 97) end,
      case when g % 10 = 0 then null else date '2026-01-01' + (g % 97) + 1 end,
      (select min(id) + g % 2 from kits), (select min(id) from physicists)
    from generate_series(1, ${JOBS}) g`.execute(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const services = () => t.app.services;

describe('the job list read in chunks', () => {
  it(`hands the list over in chunks of at most ${JOB_LIST_CHUNK_ROWS} jobs, in list order`, async () => {
    const s = services();
    const sources = listSources({
      jobs: s.jobs,
      physicists: s.physicists,
      kits: s.kits,
      availability: s.availability,
      users: s.users,
      zipData: s.repositories.zipData,
      today: () => '2026-01-01',
    });
    const chunks: (readonly unknown[])[] = [];
    await sources.jobs.read((items) => chunks.push(items));
    expect(chunks.length).toBe(3);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(JOB_LIST_CHUNK_ROWS);
    expect(chunks.flat()).toEqual(JobListSchema.parse(await s.jobs.list()));
  });

  it('serves the same JSON as the whole list, with its ETag and 304', async () => {
    const auth = t.bearer(t.tokens.regular);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/jobs/', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(JobListSchema.parse(await services().jobs.list())));
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jobs/',
      headers: { ...auth, 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('reads one snapshot: a write committed between chunks is not in the list', async () => {
    const s = services();
    const before = await s.jobs.list();
    const read: JobRecord[] = [];
    const writes: Promise<unknown>[] = [];
    await s.jobs.listInChunks(JOB_LIST_CHUNK_ROWS, (chunk) => {
      read.push(...chunk);
      // After the first chunk: drop the list's last job and add a new, undated (first) one.
      if (writes.length === 0)
        writes.push(
          t.database.db.transaction().execute(async (trx) => {
            await trx.deleteFrom('jobs').where('id', '=', before.at(-1)!.id).execute();
            await trx.insertInto('jobs').defaultValues().execute();
          }),
        );
    });
    await Promise.all(writes);
    expect(read).toEqual(before);
    const after = await s.jobs.list();
    expect(after).not.toEqual(before);
    expect(after.length).toBe(before.length);
  });
});
