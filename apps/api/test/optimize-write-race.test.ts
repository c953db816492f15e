import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeOptimizedSlots, type JobSlotsWrite } from '../src/repositories/jobs/bulk-writes';
import { JobsRepository } from '../src/repositories/jobs.repository';
import { createTestApp, type TestApp } from './support/test-app';
import { readStream, storedViolations } from './tasks-fixture';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An optimisation re-reads the schedule and writes its plan in one
 * transaction. On PostgreSQL another connection can commit in between; these
 * tests commit a conflicting change exactly there (just before the write).
 */
describe('optimisation write against changes committed during it', () => {
  let t: TestApp;
  let lead: number;
  let jobs: number[];
  beforeAll(async () => {
    t = await createTestApp({ tasks: { optimizeTimeLimitMs: 1500 } });
    const db = t.database.db;
    const people = await db
      .insertInto('physicists')
      .values([
        { name: 'Only Lead', role: 'lead', home_zip: '10001' },
        { name: 'Only Acq', role: 'dataacq', home_zip: '10001' },
      ])
      .returning(['id', 'role'])
      .execute();
    lead = people.find((p) => p.role === 'lead')!.id;
    // Two jobs on the same days: the one lead can do only one of them.
    const rows = await db
      .insertInto('jobs')
      .values(
        ['Mercy Hospital', 'Lakeside Clinic'].map((customer) => ({
          customer,
          zip_code: '10016',
          location: customer,
          start_date: '2027-03-01',
          end_date: '2027-03-02',
        })),
      )
      .returning('id')
      .execute();
    jobs = rows.map((r) => r.id);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  const optimise = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/optimize/assign?algorithm=heuristic',
      headers: t.bearer(t.tokens.manager),
    });
    expect(res.statusCode).toBe(202);
    const { task_id } = res.json<{ task_id: string }>();
    return readStream(t, `/api/v1/optimize/stream/${task_id}`);
  };

  it('a manual assignment committed before the write never double-books the lead', async () => {
    let manual: Promise<{ statusCode: number }> | null = null;
    const spy = vi
      .spyOn(JobsRepository.prototype, 'writeOptimizedSlots')
      .mockImplementation(async (rows: JobSlotsWrite[], db) => {
        const planned = rows.find((r) => r.lead === lead);
        const other = jobs.find((id) => id !== planned?.id);
        if (planned !== undefined && other !== undefined && manual === null) {
          // The same lead on the other, overlapping job, by hand, from another connection.
          manual = t.app.inject({
            method: 'POST',
            url: '/api/v1/assignments/manual',
            headers: t.bearer(t.tokens.admin),
            payload: { job_id: other, role: 'lead', physicist_id: lead },
          });
          await sleep(800);
        }
        return writeOptimizedSlots(rows, db ?? t.database.db);
      });
    const { events } = await optimise();
    await t.app.work.runner.whenIdle();
    spy.mockRestore();
    expect(manual).not.toBeNull();
    const answer = await manual!;
    const final = events.at(-1)!.data as { type: string };
    // Exactly one of the two won; the stored schedule breaks no hard rule.
    expect(await storedViolations(t)).toEqual([]);
    expect([final.type === 'complete', answer.statusCode === 200]).toContain(true);
  }, 60_000);

  it('leave added just before the write waits for it: the plan was checked against all leave it sits beside', async () => {
    await t.database.db
      .updateTable('jobs')
      .set({ assigned_lead_id: null, lead_pinned: false })
      .execute();
    // What finished first, in order: a clock would make the verdict the machine's load.
    const order: string[] = [];
    const pending: { leave?: Promise<unknown> } = {};
    const spy = vi
      .spyOn(JobsRepository.prototype, 'writeOptimizedSlots')
      .mockImplementation(async (rows: JobSlotsWrite[], db) => {
        if (pending.leave === undefined && rows.some((r) => r.lead === lead)) {
          pending.leave = t.app
            .inject({
              method: 'POST',
              url: '/api/v1/availability/',
              headers: t.bearer(t.tokens.admin),
              payload: {
                physicist_name: 'Only Lead',
                start_date: '2027-03-01',
                end_date: '2027-03-05',
              },
            })
            .then(() => order.push('leave'));
          await sleep(800);
          const written = await writeOptimizedSlots(rows, db ?? t.database.db);
          order.push('plan written');
          return written;
        }
        return writeOptimizedSlots(rows, db ?? t.database.db);
      });
    const { events } = await optimise();
    await t.app.work.runner.whenIdle();
    spy.mockRestore();
    expect(pending.leave).toBeDefined();
    await pending.leave;
    expect((events.at(-1)!.data as { type: string }).type).toBe('complete');
    // The leave committed only after the plan's write (in its transaction), never in between
    // its check and write: unblocked, it would have finished during the 800 ms before the write.
    expect(order).toEqual(['plan written', 'leave']);
  }, 60_000);
});
