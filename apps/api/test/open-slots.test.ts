import {
  AnalyticsSummarySchema,
  JobListSchema,
  OptimizeStreamMessageSchema,
  type OptimizeStreamMessage,
} from '@meridian/contracts';
import { countOpenSlots } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { readStream, seedSchedule, type Seeded } from './tasks-fixture';

// One data set, every answer that counts open slots (packages/domain/src/open-slots.ts).
let t: TestApp;
let seeded: Seeded;

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedSchedule(t);
  const [ada] = seeded.leads;
  const [dee] = seeded.acqs;
  const set = (job: number, fields: Record<string, number | string | null>) =>
    t.database.db.updateTable('jobs').set(fields).where('id', '=', job).execute();
  // Job 0 full; job 1 lead only; job 2 a lead known by name alone (not on the roster)
  // and no data acq; jobs 3 to 7 (No Place and Undated among them) empty.
  await set(seeded.jobs[0]!, { assigned_lead_id: ada!, assigned_data_acq_id: dee! });
  await set(seeded.jobs[1]!, { assigned_lead_id: ada! });
  await set(seeded.jobs[2]!, { assigned_lead_name: 'Someone Not On The Roster' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: t.bearer(t.tokens.regular) });

describe('open slots', () => {
  it('agree between the analytics summary, the jobs list and the assignments list', async () => {
    const expected = { open_slots: 12, jobs_with_open_slots: 7, jobs: 8 };
    const summary = AnalyticsSummarySchema.parse((await get('/api/v1/analytics/summary')).json());
    expect(summary.open_slots).toEqual(expected);
    expect(summary.job_stats).toEqual({ assigned: 1, total: 8 });
    const jobs = JobListSchema.parse((await get('/api/v1/jobs/')).json());
    expect(countOpenSlots(jobs)).toEqual(expected);
    const assignments = JobListSchema.parse((await get('/api/v1/assignments/')).json());
    expect(countOpenSlots(assignments)).toEqual(expected);
  });

  it("agree with a run's summary: its jobs assigned are the whole plan's, undated jobs too", async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/optimize/assign?algorithm=heuristic',
      headers: t.bearer(t.tokens.manager),
    });
    expect(started.statusCode).toBe(202);
    const { task_id } = started.json<{ task_id: string }>();
    const { events } = await readStream(t, `/api/v1/optimize/stream/${task_id}`);
    const last = OptimizeStreamMessageSchema.parse(events.at(-1)!.data);
    expect(last.type).toBe('complete');
    const result = (last as Extract<OptimizeStreamMessage, { type: 'complete' }>).result;

    const summary = AnalyticsSummarySchema.parse((await get('/api/v1/analytics/summary')).json());
    const jobs = JobListSchema.parse((await get('/api/v1/jobs/')).json());
    const open = countOpenSlots(jobs);
    expect(summary.open_slots).toEqual(open);
    expect(result.jobs_total).toBe(open.jobs);
    expect(result.jobs_assigned).toBe(open.jobs - open.jobs_with_open_slots);
    expect(summary.job_stats).toEqual({
      assigned: result.jobs_assigned,
      total: result.jobs_total,
    });
    // The run fills what it can: 'No Place' (zip n/a) and 'Undated' keep their open slots.
    expect(open.jobs_with_open_slots).toBeGreaterThanOrEqual(2);
    expect(open.open_slots).toBeLessThan(12);
  });
});
