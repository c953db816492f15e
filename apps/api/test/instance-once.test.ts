import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { InstanceRepository } from '../src/repositories/instance.repository';
import { createTestApp, type TestApp } from './support/test-app';
import { readStream, seedSchedule, storedSlots, storedViolations } from './tasks-fixture';

/**
 * A run reads the schedule into an instance once: its apply checks the
 * result against the data it writes beside through the tables' change
 * counters, and reads the schedule again only when one of them moved.
 * Every build reads the jobs once, so jobs() calls count builds.
 */
describe('a run builds its instance once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ tasks: { optimizeTimeLimitMs: 1000 } });
    await seedSchedule(t);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const optimise = async (apply: boolean) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/optimize/assign?algorithm=heuristic&apply=${apply}`,
      headers: t.bearer(t.tokens.manager),
    });
    expect(res.statusCode).toBe(202);
    const { task_id } = res.json<{ task_id: string }>();
    const { events } = await readStream(t, `/api/v1/optimize/stream/${task_id}`);
    await t.app.work.runner.whenIdle();
    return events.at(-1)!.data as { type: string; message?: string };
  };

  it('an optimisation that writes its plan, with nothing changed meanwhile', async () => {
    const reads = vi.spyOn(InstanceRepository.prototype, 'jobs');
    expect((await optimise(true)).type).toBe('complete');
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('a preview, with nothing changed meanwhile', async () => {
    const reads = vi.spyOn(InstanceRepository.prototype, 'jobs');
    expect((await optimise(false)).type).toBe('complete');
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('a kit assignment, with nothing changed meanwhile', async () => {
    const reads = vi.spyOn(InstanceRepository.prototype, 'jobs');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kits/assign',
      headers: t.bearer(t.tokens.manager),
    });
    expect(res.statusCode).toBe(200);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('reads again when leave was added while it ran, and writes nothing that breaks it', async () => {
    await t.database.db.updateTable('jobs').set({ assigned_lead_id: null }).execute();
    const before = await storedSlots(t);
    const leads = await t.database.db
      .selectFrom('physicists')
      .select('name')
      .where('role', '=', 'lead')
      .execute();
    // Bound now, before the spy below replaces the method: the real read.
    const reader = new InstanceRepository();
    const leaveRead = reader.leave.bind(reader);
    let added = false;
    // Every lead goes on leave for the whole month just after the run read the leave.
    vi.spyOn(InstanceRepository.prototype, 'leave').mockImplementation(
      async (db, notRecordedBy) => {
        const rows = await leaveRead(db, notRecordedBy);
        if (!added) {
          added = true;
          await t.database.db
            .insertInto('unavailability')
            .values(
              leads.map((p) => ({
                physicist_name: p.name,
                start_date: '2027-01-01',
                end_date: '2027-01-31',
              })),
            )
            .execute();
        }
        return rows;
      },
    );
    const reads = vi.spyOn(InstanceRepository.prototype, 'jobs');
    const final = await optimise(true);
    expect(reads).toHaveBeenCalledTimes(2);
    // The run's leads are all on leave now: the apply saw it and changed nothing.
    expect(final.type).toBe('error');
    expect(final.message).toMatch(/The schedule changed while the optimiser ran/);
    expect(await storedSlots(t)).toEqual(before);
    expect(await storedViolations(t)).toEqual([]);
  });
});
