import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkHardConstraints, rangesOverlap } from '@meridian/domain';
import type { Instance, JobAssignment } from '@meridian/domain';
import { planRepair, RepairInputError } from '../src/index';
import { supposedInstance } from '../src/repair/model';
import type { Absence, RepairResult } from '../src/index';
import { randomInstance } from './fixtures';
import { bruteForceRepair } from './support/repair-brute-force';
import { smallRepairCase } from './support/repair-instances';

const FIELD = { lead: 'lead_id', data_acq: 'data_acq_id', kit: 'kit_id' } as const;

/** The plan with the proposal's changes written over it, each change checked against the plan it starts from. */
function applyChanges(plan: JobAssignment[], result: RepairResult): JobAssignment[] {
  const rows = new Map(plan.map((r) => [r.job_id, { ...r }]));
  for (const c of result.changes) {
    const row = rows.get(c.job_id)!;
    expect(row[FIELD[c.slot]]).toBe(c.before);
    row[FIELD[c.slot]] = c.after;
  }
  return [...rows.values()];
}

describe('planRepair against enumeration of every repair (small instances)', () => {
  it('finds the same smallest repair: unfilled, locked, changed slots, then F', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { instance, plan, absence } = smallRepairCase(seed);
        const result = planRepair(instance, plan, absence);
        const brute = bruteForceRepair(instance, plan, absence);
        expect(result.exact).toBe(true);
        expect(result.unfilled.length).toBe(brute.unfilled);
        expect(result.locked_changes).toBe(brute.locked);
        expect(result.changes.length).toBe(brute.changes);
        expect(result.objective_after.total).toBeCloseTo(brute.total, 6);
        expect(applyChanges(plan, result)).toEqual(result.assignments);
      }),
      { numRuns: 80, seed: 20261126 },
    );
  });
});

describe('planRepair on larger instances', () => {
  const cases = [1, 2, 3, 4, 5, 6].map((seed) => {
    const instance = randomInstance(seed, 40, 10, 3);
    const plan = feasiblePlan(instance);
    const busiest = mostLoaded(instance, plan);
    const absence: Absence = {
      kind: 'physicist',
      id: busiest,
      start: '2027-03-05',
      end: '2027-03-18',
    };
    return { seed, instance, plan, absence };
  });

  it.each(cases)(
    'seed $seed: the absent physicist leaves the window and the plan stays feasible',
    (c) => {
      const result = planRepair(c.instance, c.plan, c.absence);
      const supposed = supposedInstance(c.instance, c.absence);
      const broken = checkHardConstraints(supposed, result.assignments).filter(
        (v) => !v.reason.startsWith('pinned to'),
      );
      expect(broken, JSON.stringify(broken)).toEqual([]);
      expect(result.changes.length).toBeGreaterThan(0);
      expect(result.exact).toBe(true);
    },
  );

  it.each(cases)('seed $seed: every unfilled slot has nobody free to take it', (c) => {
    const result = planRepair(c.instance, c.plan, c.absence);
    const supposed = supposedInstance(c.instance, c.absence);
    for (const gap of result.unfilled) {
      const job = supposed.jobs.find((j) => j.id === gap.job_id)!;
      const role = gap.slot === 'lead' ? 'lead' : 'dataacq';
      const free = supposed.physicists.filter(
        (p) =>
          p.role === role &&
          p.unavailable.every((r) => !rangesOverlap(r.start, r.end, job.start, job.end)) &&
          result.assignments.every((a) => {
            const other = supposed.jobs.find((j) => j.id === a.job_id)!;
            const holds = a.lead_id === p.id || a.data_acq_id === p.id;
            return !holds || !rangesOverlap(other.start, other.end, job.start, job.end);
          }),
      );
      expect(job.lat == null ? [] : free.map((p) => p.id)).toEqual([]);
    }
  });

  it.each(cases)('seed $seed: every change is forced by the absence or freed by a move', (c) => {
    const result = planRepair(c.instance, c.plan, c.absence);
    const jobs = new Map(c.instance.jobs.map((j) => [j.id, j]));
    for (const change of result.changes) {
      const job = jobs.get(change.job_id)!;
      if (
        change.before === c.absence.id &&
        rangesOverlap(job.start, job.end, c.absence.start, c.absence.end)
      )
        continue;
      // Not forced: its holder must have moved into another changed slot that overlaps this one.
      const moved = result.changes.some((other) => {
        const o = jobs.get(other.job_id)!;
        return other.after === change.before && rangesOverlap(o.start, o.end, job.start, job.end);
      });
      expect(moved, `${change.job_id}/${change.slot}`).toBe(true);
    }
  });
});

describe('planRepair by hand', () => {
  const at = (lat: number) => ({ lat, lon: -75 });
  const person = (
    id: string,
    role: 'lead' | 'dataacq',
    lat: number,
    unavailable: Instance['physicists'][number]['unavailable'] = [],
  ) => ({
    id,
    name: id,
    role,
    ...at(lat),
    unavailable,
  });
  const job = (
    id: string,
    start: string,
    end: string,
    pins: Partial<Record<'lead_id' | 'data_acq_id' | 'kit_id', string>> = {},
  ) => ({
    id,
    customer: id,
    ...at(40),
    start,
    end,
    lead_id: pins.lead_id ?? null,
    data_acq_id: pins.data_acq_id ?? null,
    kit_id: pins.kit_id ?? null,
  });
  const weights = { proximity: 0.5, job_balance: 0.3, staff_rotation: 0.2 };
  const row = (job_id: string, lead_id: string | null): JobAssignment => ({
    job_id,
    lead_id,
    data_acq_id: null,
    kit_id: null,
  });

  it('moves a colleague along a chain when nobody is free', () => {
    // Alice is out for j1; only Bob may take it (Carol is on leave), Bob's j2 goes to Carol.
    const instance: Instance = {
      weights,
      physicists: [
        person('alice', 'lead', 40),
        person('bob', 'lead', 41),
        person('carol', 'lead', 42, [{ start: '2027-01-05', end: '2027-01-05' }]),
      ],
      jobs: [job('j1', '2027-01-04', '2027-01-05'), job('j2', '2027-01-03', '2027-01-04')],
      kits: [],
    };
    const result = planRepair(instance, [row('j1', 'alice'), row('j2', 'bob')], {
      kind: 'physicist',
      id: 'alice',
      start: '2027-01-04',
      end: '2027-01-05',
    });
    expect(result.changes.map((c) => [c.job_id, c.before, c.after])).toEqual([
      ['j1', 'alice', 'bob'],
      ['j2', 'bob', 'carol'],
    ]);
    expect(result.unfilled).toEqual([]);
  });

  it('breaks a lock only when nothing else fills the slot, and says so', () => {
    const instance: Instance = {
      weights,
      physicists: [
        person('alice', 'lead', 40),
        person('bob', 'lead', 41),
        person('carol', 'lead', 42, [{ start: '2027-01-05', end: '2027-01-05' }]),
      ],
      jobs: [
        job('j1', '2027-01-04', '2027-01-05'),
        job('j2', '2027-01-03', '2027-01-04', { lead_id: 'bob' }),
      ],
      kits: [],
    };
    const result = planRepair(instance, [row('j1', 'alice'), row('j2', 'bob')], {
      kind: 'physicist',
      id: 'alice',
      start: '2027-01-04',
      end: '2027-01-05',
    });
    expect(result.locked_changes).toBe(1);
    expect(result.changes.find((c) => c.job_id === 'j2')).toMatchObject({
      before: 'bob',
      after: 'carol',
      locked: true,
    });
  });

  it('reports a slot nobody can take as unfilled', () => {
    const instance: Instance = {
      weights,
      physicists: [
        person('alice', 'lead', 40),
        person('bob', 'lead', 41, [{ start: '2027-01-01', end: '2027-01-09' }]),
      ],
      jobs: [job('j1', '2027-01-04', '2027-01-04')],
      kits: [],
    };
    const result = planRepair(instance, [row('j1', 'alice')], {
      kind: 'physicist',
      id: 'alice',
      start: '2027-01-01',
      end: '2027-01-31',
    });
    expect(result.unfilled).toEqual([{ job_id: 'j1', slot: 'lead' }]);
    expect(result.objective_after.unassigned).toBe(result.objective_before.unassigned + 1);
  });

  it('leaves a slot held by someone the instance does not know untouched', () => {
    const instance: Instance = {
      weights,
      physicists: [person('alice', 'lead', 40), person('bob', 'lead', 41)],
      jobs: [job('j1', '2027-01-04', '2027-01-04'), job('j2', '2027-02-04', '2027-02-04')],
      kits: [],
    };
    const result = planRepair(instance, [row('j1', 'alice'), row('j2', 'ghost')], {
      kind: 'physicist',
      id: 'alice',
      start: '2027-01-01',
      end: '2027-01-31',
    });
    expect(result.changes.map((c) => [c.job_id, c.before, c.after])).toEqual([
      ['j1', 'alice', 'bob'],
    ]);
    expect(result.assignments[1]!.lead_id).toBe('ghost');
  });

  it('names bad input', () => {
    const instance: Instance = { weights, physicists: [], jobs: [], kits: [] };
    const absence: Absence = { kind: 'kit', id: 'kx', start: '2027-01-01', end: '2027-01-02' };
    expect(() => planRepair(instance, [], absence)).toThrow(new RepairInputError('unknown kit kx'));
    expect(() => planRepair(instance, [], { ...absence, end: '2026-12-31' })).toThrow(
      /before start/,
    );
  });
});

/** A feasible plan for a random instance: pins first, then each slot in date order takes the first free physicist. */
function feasiblePlan(instance: Instance): JobAssignment[] {
  const plan: JobAssignment[] = instance.jobs.map((job) => ({
    job_id: job.id,
    lead_id: job.lead_id,
    data_acq_id: job.data_acq_id,
    kit_id: null,
  }));
  const order = [...plan.keys()].sort((a, b) =>
    instance.jobs[a]!.start < instance.jobs[b]!.start ? -1 : 1,
  );
  for (const index of order) {
    const job = instance.jobs[index]!;
    const row = plan[index]!;
    for (const [field, role] of [
      ['lead_id', 'lead'],
      ['data_acq_id', 'dataacq'],
    ] as const) {
      if (row[field] != null || job.lat == null) continue;
      const free = instance.physicists.find(
        (p) =>
          p.role === role &&
          p.unavailable.every((r) => !rangesOverlap(r.start, r.end, job.start, job.end)) &&
          plan.every((a, k) => {
            const o = instance.jobs[k]!;
            return (
              (a.lead_id !== p.id && a.data_acq_id !== p.id) ||
              !rangesOverlap(o.start, o.end, job.start, job.end)
            );
          }),
      );
      row[field] = free?.id ?? null;
    }
  }
  return plan;
}

function mostLoaded(instance: Instance, plan: JobAssignment[]): string {
  const count = (id: string) => plan.filter((a) => a.lead_id === id || a.data_acq_id === id).length;
  return [...instance.physicists].sort((a, b) => count(b.id) - count(a.id))[0]!.id;
}
