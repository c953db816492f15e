import {
  AssignmentExplanationSchema,
  PhysicistBreakdownListSchema,
  type AssignmentExplanation,
  type JobRecord,
  type Preferences,
} from '@meridian/contracts';
import {
  checkHardConstraints,
  DEFAULT_PREFERENCE,
  evaluateObjective,
  haversineMiles,
  UNASSIGNED_PENALTY,
  type Instance,
  type JobAssignment,
  type Objective,
  type Physicist,
  type Unavailability,
} from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSchedule } from '../src/demo/seed-demo';
import { coordsOfZip } from '../src/io/zip-rules';
import { call } from './scheduling-fixtures';
import { planChanges } from './support/plan-changes';
import { createTestApp, type TestApp } from './support/test-app';
import { readStream } from './tasks-fixture';

/**
 * Explanations against the domain evaluator on the demo data:
 * the plan is rebuilt here from the public lists (jobs, roster, leave, zip
 * table), independently of the server's instance builder and of
 * ObjectiveState, and every number the endpoint answers is checked as F
 * after the swap minus F before.
 */

const WEIGHTS = { proximity: 0.7, job_balance: 1.3, staff_rotation: 2.1 };
let t: TestApp;
let instance: Instance;
let plan: JobAssignment[];
let jobs: JobRecord[];
/** Slot changes judged by the evaluator on the jobs they touch (support/plan-changes.ts). */
let changes: ReturnType<typeof planChanges>;

/** The plan as the public lists show it: dated jobs, placed physicists, every slot as stored. */
async function rebuild(): Promise<void> {
  jobs = (await call(t, 'GET', '/api/v1/jobs/')).json<JobRecord[]>();
  const people = (await call(t, 'GET', '/api/v1/physicists/')).json<Physicist[]>();
  const leave = (await call(t, 'GET', '/api/v1/availability/')).json<Unavailability[]>();
  // The days people asked to avoid (the demo seeds a few): F prices each job day on one.
  const stated = new Map(
    (await call(t, 'GET', '/api/v1/preferences'))
      .json<Preferences[]>()
      .map((p) => [p.physicist_id, p]),
  );
  const dated = jobs.filter((j) => j.start !== null && j.end !== null);
  const id = (n: number | null) => (n === null ? null : String(n));
  instance = {
    weights: { ...WEIGHTS, preference: DEFAULT_PREFERENCE },
    physicists: people.flatMap((p) => {
      const home = coordsOfZip(p.home_zip);
      if (home === null) return [];
      const unavailable = leave
        .filter((l) => l.physicist_name.toLowerCase() === p.name.toLowerCase())
        .map((l) => ({ start: l.start_date, end: l.end_date }));
      const avoid = {
        avoid_dates: stated.get(p.id)?.avoid_dates ?? [],
        avoid_weekdays: stated.get(p.id)?.avoid_weekdays ?? [],
      };
      return [{ id: String(p.id), name: p.name, role: p.role, ...home, unavailable, ...avoid }];
    }),
    jobs: dated.map((j) => {
      const site = coordsOfZip(j.zip_code);
      return {
        id: String(j.id),
        customer: j.customer,
        lat: site?.lat ?? null,
        lon: site?.lon ?? null,
        start: j.start!,
        end: j.end!,
        lead_id: null,
        data_acq_id: null,
        kit_id: null,
        // The plan as it stands is what a run would keep: a swap away from it pays stability.
        current_lead_id: id(j.assigned_lead_id),
        current_data_acq_id: id(j.assigned_data_acq_id),
      };
    }),
    kits: [],
  };
  plan = dated.map((j) => ({
    job_id: String(j.id),
    lead_id: id(j.assigned_lead_id),
    data_acq_id: id(j.assigned_data_acq_id),
    kit_id: null,
  }));
  changes = planChanges(instance, plan);
}

const F = (assignments: JobAssignment[]): Objective => evaluateObjective(instance, assignments);
/**
 * How far two values of a difference of F may be apart. The coverage term is
 * a whole number of millions and exact in floating point, but it makes F
 * about 1.2e7 here (the demo has jobs whose zip is not usable, so their 12
 * slots stay empty whatever anyone does), and a difference of two such F
 * carries a few units of F's last bit (2e-9 each). The tolerance is 1e-9 of
 * F's other terms plus 8 of those last bits: about 1e-6 of F, far below one
 * mile's worth (proximity / 100 = 0.007).
 */
function tolerance(before: Objective): number {
  const rest = before.total - UNASSIGNED_PENALTY * before.unassigned;
  return 1e-9 * Math.max(1, Math.abs(rest)) + 8 * Number.EPSILON * Math.abs(before.total);
}

/** A small deterministic generator (mulberry32): the same slots every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  t = await createTestApp({ tasks: { optimizeTimeLimitMs: 5000 } });
  const deps = { db: t.database.db, dataDir: '', services: t.app.services };
  await seedDemoSchedule(deps, '2026-11-22');
  const put = await call(t, 'PUT', '/api/v1/admin/settings/weights', WEIGHTS, 'admin');
  expect(put.statusCode).toBe(200);
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/v1/optimize/assign?algorithm=heuristic',
    headers: t.bearer(t.tokens.manager),
  });
  expect(started.statusCode).toBe(202);
  const { task_id } = started.json<{ task_id: string }>();
  const { events } = await readStream(t, `/api/v1/optimize/stream/${task_id}`);
  expect(JSON.stringify(events.at(-1)?.data)).toContain('complete');
  await rebuild();
}, 240_000);
afterAll(async () => {
  await t.close();
});

describe('GET /assignments/{job_id}/explain on the demo data', () => {
  it('answers F of the whole plan as the evaluator computes it', async () => {
    const res = await call(
      t,
      'GET',
      `/api/v1/assignments/${jobs.at(-1)!.id}/explain`,
      undefined,
      'regular',
    );
    expect(res.statusCode).toBe(200);
    const body = AssignmentExplanationSchema.parse(res.json());
    const expected = F(plan);
    // The preference weight is reported too: the explanation's avoided days are priced with it.
    expect(body.weights).toEqual({ ...WEIGHTS, preference: DEFAULT_PREFERENCE });
    expect(body.objective.unassigned).toBe(expected.unassigned);
    expect(body.objective.rotation).toBe(expected.rotation);
    expect(Math.abs(body.objective.total - expected.total)).toBeLessThan(tolerance(expected));
    // The demo keeps some jobs without a usable zip; the test above says what that does to F.
    expect(expected.unassigned).toBeGreaterThan(0);
  });

  it('gives every delta_total as F after the swap minus F before, on 300 random slots', async () => {
    const next = random(1126);
    const dated = jobs.filter((j) => j.start !== null);
    const before = F(plan);
    const tol = tolerance(before);
    const { withSlot, change, brokenOn } = changes;
    // change() and brokenOn() against the evaluator and the check of the whole plan, on the
    // slots of the first jobs: the premise of their exactness, asserted.
    const WHOLE = 4;
    let checkedWhole = 0;
    const sameAsWhole = (jobId: number, slot: 'lead' | 'data_acq', who: string | null) => {
      const d = change(jobId, slot, who);
      const after = F(withSlot(jobId, slot, who));
      expect(Math.abs(d.total - (after.total - before.total))).toBeLessThan(tol);
      expect(Math.abs(d.f - (after.f - before.f))).toBeLessThan(tol);
      expect(d.unassigned).toBe(after.unassigned - before.unassigned);
      expect(d.rotation).toBe(after.rotation - before.rotation);
      expect(d.avoided_days).toBe(after.avoided_days - before.avoided_days);
      expect(Math.abs(d.balance - (after.balance - before.balance))).toBeLessThan(1e-9);
      expect(
        Math.abs(d.distance_miles - (after.distance_miles - before.distance_miles)),
      ).toBeLessThan(1e-6);
      checkedWhole++;
    };
    const reasons = (list: { reason: string }[]) => list.map((v) => v.reason).sort();
    let checkedAlternatives = 0;
    let checkedRefusals = 0;
    for (let n = 0; n < 150; n++) {
      const job = dated[Math.floor(next() * dated.length)]!;
      const res = await call(t, 'GET', `/api/v1/assignments/${job.id}/explain`);
      const body: AssignmentExplanation = AssignmentExplanationSchema.parse(res.json());
      for (const slot of ['lead', 'data_acq'] as const) {
        const part = body[slot];
        const onSlot = (v: { job_id: string; slot: string }) =>
          v.job_id === String(job.id) && v.slot === slot;
        if (part.assigned !== null) {
          // The holder's terms: F with them minus F with the slot empty, coverage aside.
          if (n < WHOLE) sameAsWhole(job.id, slot, null);
          const emptied = change(job.id, slot, null);
          // In F: emptying the slot would also pay stability, which is not the holder's own term;
          // the days they asked to avoid are (priced with the preference weight).
          const avoided = -DEFAULT_PREFERENCE * emptied.avoided_days;
          const own = -emptied.f + avoided + UNASSIGNED_PENALTY;
          expect(Math.abs(part.assigned.total - own)).toBeLessThan(tol);
        }
        const totals = part.alternatives.map((a) => a.delta_total);
        expect(totals).toEqual([...totals].sort((a, b) => a - b));
        for (const alt of part.alternatives) {
          const who = String(alt.physicist_id);
          if (n < WHOLE) sameAsWhole(job.id, slot, who);
          const d = change(job.id, slot, who);
          expect(Math.abs(alt.delta_total - d.total)).toBeLessThan(tol);
          expect(alt.delta.unassigned).toBe(d.unassigned);
          expect(alt.delta.rotation).toBe(d.rotation);
          expect(Math.abs(alt.delta.distance_miles - d.distance_miles)).toBeLessThan(1e-6);
          // Feasible for real: the swap breaks no hard constraint on this slot.
          expect(brokenOn(job.id, slot, who).filter(onSlot)).toEqual([]);
          if (n < WHOLE)
            expect(
              checkHardConstraints(instance, withSlot(job.id, slot, who)).filter(onSlot),
            ).toEqual([]);
          checkedAlternatives++;
        }
        for (const refusal of part.refused.filter((r) => r.kind !== 'wrong_role').slice(0, 2)) {
          const who = String(refusal.physicist_id);
          const mine = (v: { job_id: string; slot: string; reason: string }) =>
            onSlot(v) || v.reason.includes(`overlapping job ${job.id}`);
          const broken = brokenOn(job.id, slot, who).filter(mine);
          expect(broken.length, refusal.reason).toBeGreaterThan(0);
          if (n < WHOLE) {
            const whole = checkHardConstraints(instance, withSlot(job.id, slot, who)).filter(mine);
            expect(reasons(broken)).toEqual(reasons(whole));
          }
          checkedRefusals++;
        }
      }
    }
    expect(checkedAlternatives).toBeGreaterThan(500);
    expect(checkedRefusals).toBeGreaterThan(50);
    expect(checkedWhole).toBeGreaterThan(20);
  }, 240_000);

  it('answers 404 for an unknown job and 409 naming an undated one', async () => {
    expect((await call(t, 'GET', '/api/v1/assignments/999999/explain')).statusCode).toBe(404);
    const blank = (await call(t, 'POST', '/api/v1/jobs/')).json<JobRecord>();
    const res = await call(t, 'GET', `/api/v1/assignments/${blank.id}/explain`);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toBe(
      `Job ${blank.id} has no dates yet, so it is not part of the plan to explain`,
    );
    await call(t, 'DELETE', `/api/v1/jobs/${blank.id}`);
  });
});

describe('GET /analytics/physicists', () => {
  it('breaks F down per physicist: the parts add up to the evaluator’s', async () => {
    const res = await call(t, 'GET', '/api/v1/analytics/physicists', undefined, 'regular');
    expect(res.statusCode).toBe(200);
    const rows = PhysicistBreakdownListSchema.parse(res.json());
    expect(rows).toHaveLength(40);
    const expected = F(plan);
    const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
    expect(sum((r) => r.miles)).toBeCloseTo(expected.distance_miles, 6);
    expect(sum((r) => Math.abs(r.jobs - r.target))).toBeCloseTo(expected.balance, 9);
    expect(sum((r) => r.rotation_repeats)).toBe(expected.rotation);
    const filled = plan.reduce((n, a) => n + (a.lead_id ? 1 : 0) + (a.data_acq_id ? 1 : 0), 0);
    expect(sum((r) => r.jobs)).toBe(filled);
    // Targets share the dated jobs within each role.
    const dated = instance.jobs.length;
    for (const role of ['lead', 'dataacq'] as const) {
      const ofRole = rows.filter((r) => r.role === role);
      expect(ofRole.reduce((s, r) => s + r.target, 0)).toBeCloseTo(dated, 9);
    }
  });
});

describe('the kit slot and the cached plan', () => {
  type KitRow = {
    id: number;
    name: string;
    current_location_zip: string;
    is_out_for_maintenance: boolean;
  };
  const legs = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
    haversineMiles(a.lat, a.lon, b.lat, b.lon);

  /** Total kit miles from the public lists, each kit's jobs in date order (id breaks ties). */
  function kitMiles(rows: readonly JobRecord[], kits: readonly KitRow[]): number {
    let total = 0;
    for (const kit of kits) {
      const home = coordsOfZip(kit.current_location_zip);
      if (home === null) continue;
      const route = rows
        .filter((j) => j.assigned_kit_id === kit.id && j.start !== null)
        .flatMap((j) => {
          const site = coordsOfZip(j.zip_code);
          return site ? [{ ...site, start: j.start!, id: j.id }] : [];
        })
        .sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id);
      let at = home;
      for (const stop of route) {
        total += legs(at, stop);
        at = stop;
      }
    }
    return total;
  }

  it('ranks free kits by the exact change of total kit miles and says F leaves kits out', async () => {
    expect((await call(t, 'POST', '/api/v1/kits/assign')).statusCode).toBe(200);
    await rebuild();
    const kits = (await call(t, 'GET', '/api/v1/kits/')).json<KitRow[]>();
    const total = kitMiles(jobs, kits);
    const withKit = (jobId: number, kitId: number | null) =>
      jobs.map((j) => (j.id === jobId ? { ...j, assigned_kit_id: kitId } : j));
    const next = random(2611);
    const placed = jobs.filter((j) => j.start !== null && coordsOfZip(j.zip_code) !== null);
    let checked = 0;
    for (let n = 0; n < 40; n++) {
      const job = placed[Math.floor(next() * placed.length)]!;
      const body = AssignmentExplanationSchema.parse(
        (await call(t, 'GET', `/api/v1/assignments/${job.id}/explain`)).json(),
      );
      const kit = body.kit;
      expect(kit.decided_by).toMatch(/^Kits are not part of F/);
      expect(kit.total_kit_miles).toBeCloseTo(total, 6);
      if (job.assigned_kit_id !== null) {
        expect(kit.assigned?.kit_id).toBe(job.assigned_kit_id);
        const without = kitMiles(withKit(job.id, null), kits);
        expect(kit.assigned!.route_miles!).toBeCloseTo(total - without, 6);
      }
      const deltas = kit.alternatives.map((a) => a.delta_kit_miles);
      expect(deltas).toEqual([...deltas].sort((a, b) => a - b));
      for (const alt of kit.alternatives) {
        const after = kitMiles(withKit(job.id, alt.kit_id), kits);
        expect(alt.delta_kit_miles).toBeCloseTo(after - total, 6);
        // Free for real: not in maintenance, no overlapping job of its own.
        const row = kits.find((k) => k.id === alt.kit_id)!;
        expect(row.is_out_for_maintenance).toBe(false);
        const overlapping = jobs.filter(
          (o) =>
            o.id !== job.id &&
            o.assigned_kit_id === alt.kit_id &&
            o.start !== null &&
            o.start <= job.end! &&
            job.start! <= o.end!,
        );
        expect(overlapping).toEqual([]);
        checked++;
      }
      for (const refusal of kit.refused) {
        const row = kits.find((k) => k.id === refusal.kit_id)!;
        if (refusal.kind === 'maintenance') expect(row.is_out_for_maintenance).toBe(true);
        if (refusal.kind === 'another_job')
          expect(refusal.reason).toMatch(new RegExp(`^${row.name} is already out on job \\d+`));
      }
    }
    expect(checked).toBeGreaterThan(20);
  }, 120_000);

  it('answers from a plan that every write renews (jobs, leave, kits)', async () => {
    await rebuild();
    const explain = async (id: number) =>
      AssignmentExplanationSchema.parse(
        (await call(t, 'GET', `/api/v1/assignments/${id}/explain`)).json(),
      );
    const dated = jobs.filter((j) => j.start !== null && coordsOfZip(j.zip_code) !== null);
    let job: JobRecord | undefined;
    let first: AssignmentExplanation | undefined;
    for (const candidate of dated) {
      const body = await explain(candidate.id);
      if (body.lead.alternatives.length >= 2 && body.kit.alternatives.length >= 1) {
        job = candidate;
        first = body;
        break;
      }
    }
    expect(job, 'a job with two free leads and a free kit').toBeDefined();
    // Asked again with nothing written: the same answer.
    expect(await explain(job!.id)).toEqual(first);

    // A manual assignment (jobs): the new lead is the holder now.
    const [best, second] = first!.lead.alternatives;
    const manual = await call(t, 'POST', '/api/v1/assignments/manual', {
      job_id: job!.id,
      role: 'lead',
      physicist_id: best!.physicist_id,
    });
    expect(manual.statusCode, manual.body).toBe(200);
    const afterAssign = await explain(job!.id);
    expect(afterAssign.lead.assigned?.physicist_id).toBe(best!.physicist_id);
    expect(afterAssign.lead.pinned).toBe(true);

    // Leave (unavailability): the runner-up is refused for it.
    const leave = await call(t, 'POST', '/api/v1/availability/', {
      physicist_name: second!.name,
      start_date: job!.start,
      end_date: job!.end,
    });
    expect(leave.statusCode, leave.body).toBeLessThan(300);
    const afterLeave = await explain(job!.id);
    expect(afterLeave.lead.refused).toContainEqual(
      expect.objectContaining({ physicist_id: second!.physicist_id, kind: 'leave' }),
    );

    // A kit override (jobs): the free kit holds the job now.
    const freeKit = first!.kit.alternatives[0]!;
    const kit = await call(t, 'POST', '/api/v1/kits/manual_override', {
      job_id: job!.id,
      kit_id: freeKit.kit_id,
    });
    expect(kit.statusCode, kit.body).toBe(200);
    expect((await explain(job!.id)).kit.assigned?.kit_id).toBe(freeKit.kit_id);
  });
});
