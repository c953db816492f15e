import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateObjective, fromDayNumber, ObjectiveState } from '../src';
import type { Instance, JobAssignment, Objective, PersonSlot } from '../src';
import { assignment, tinyInstance } from './fixtures';

const PARTS = [
  'total',
  'f',
  'unassigned',
  'distance_miles',
  'balance',
  'rotation',
  'changed_slots',
  'avoided_days',
] as const;

/** Equal within 1e-9 of the larger magnitude (unassigned and rotation are integers, exact). */
function expectClose(actual: Objective, expected: Objective, what: string): void {
  for (const part of PARTS) {
    const scale = Math.max(1, Math.abs(actual[part]), Math.abs(expected[part]));
    const gap = Math.abs(actual[part] - expected[part]);
    if (gap > 1e-9 * scale) {
      throw new Error(`${what}: ${part} is ${actual[part]}, evaluator says ${expected[part]}`);
    }
  }
}

const minus = (a: Objective, b: Objective): Objective => ({
  total: a.total - b.total,
  f: a.f - b.f,
  unassigned: a.unassigned - b.unassigned,
  distance_miles: a.distance_miles - b.distance_miles,
  balance: a.balance - b.balance,
  rotation: a.rotation - b.rotation,
  changed_slots: a.changed_slots - b.changed_slots,
  avoided_days: a.avoided_days - b.avoided_days,
});

/** A random instance: a few physicists of each role, jobs over 30 days, few customers (rotation bites). */
const instanceArb = fc
  .record({
    leads: fc.integer({ min: 1, max: 4 }),
    acqs: fc.integer({ min: 1, max: 4 }),
    jobs: fc.array(
      fc.record({
        day: fc.integer({ min: 0, max: 30 }),
        length: fc.integer({ min: 0, max: 3 }),
        customer: fc.constantFrom('Mercy', ' mercy ', 'St Luke', 'Acme'),
        placed: fc.boolean(),
        lat: fc.double({ min: 30, max: 45, noNaN: true }),
        lon: fc.double({ min: -120, max: -70, noNaN: true }),
        // The current plan's holders (index into the role's people, -1 none; may name nobody).
        planned: fc.tuple(fc.integer({ min: -1, max: 4 }), fc.integer({ min: -1, max: 4 })),
      }),
      { minLength: 1, maxLength: 12 },
    ),
    away: fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 4 }),
    // Days and ISO weekdays the last physicist of each role asked to avoid.
    avoid: fc.array(fc.integer({ min: 0, max: 33 }), { maxLength: 5 }),
    avoidWeekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 3 }),
    weights: fc.record({
      proximity: fc.double({ min: 0, max: 5, noNaN: true }),
      job_balance: fc.double({ min: 0, max: 5, noNaN: true }),
      staff_rotation: fc.double({ min: 0, max: 5, noNaN: true }),
      stability: fc.double({ min: 0, max: 5, noNaN: true }),
      preference: fc.double({ min: 0, max: 5, noNaN: true }),
    }),
  })
  .map(({ leads, acqs, jobs, away, avoid, avoidWeekdays, weights }): Instance => {
    const day = (n: number) => fromDayNumber(20_000 + n);
    const people = (role: 'lead' | 'dataacq', count: number, prefix: string) =>
      Array.from({ length: count }, (_, i) => ({
        id: `${prefix}${i}`,
        name: `${prefix}${i}`,
        role,
        lat: 35 + i,
        lon: -100 + 3 * i,
        // The first physicist of each role is away on the given days: targets then differ.
        unavailable: i === 0 ? away.map((d) => ({ start: day(d), end: day(d + 1) })) : [],
        avoid_dates: i === count - 1 ? avoid.map(day) : [],
        avoid_weekdays: i === count - 1 ? avoidWeekdays : [],
      }));
    return {
      weights,
      physicists: [...people('lead', leads, 'L'), ...people('dataacq', acqs, 'D')],
      jobs: jobs.map((j, i) => ({
        id: `J${i}`,
        customer: j.customer,
        lat: j.placed ? j.lat : null,
        lon: j.placed ? j.lon : null,
        start: day(j.day),
        end: day(j.day + j.length),
        lead_id: null,
        data_acq_id: null,
        kit_id: null,
        current_lead_id: j.planned[0] < 0 ? null : `L${j.planned[0]}`,
        current_data_acq_id: j.planned[1] < 0 ? null : `D${j.planned[1]}`,
      })),
      kits: [],
    };
  });

/** An instance, a starting plan and up to 20 moves (physicist index -1: empty; ids may be of any role). */
const caseArb = instanceArb.chain((instance) => {
  const who = fc.integer({ min: -1, max: instance.physicists.length - 1 });
  const jobIndex = fc.integer({ min: 0, max: instance.jobs.length - 1 });
  const slot = fc.constantFrom<PersonSlot>('lead', 'data_acq');
  return fc.record({
    instance: fc.constant(instance),
    start: fc.array(fc.tuple(who, who), {
      minLength: instance.jobs.length,
      maxLength: instance.jobs.length,
    }),
    moves: fc.array(fc.tuple(jobIndex, slot, who), { maxLength: 20 }),
  });
});

describe('ObjectiveState', () => {
  it('keeps F equal to a from-scratch evaluation, and each delta equals F after minus F before', () => {
    fc.assert(
      fc.property(caseArb, ({ instance, start, moves }) => {
        const id = (p: number) => (p < 0 ? null : instance.physicists[p]!.id);
        const plan: JobAssignment[] = instance.jobs.map((job, j) =>
          assignment(job.id, id(start[j]![0]), id(start[j]![1])),
        );
        const state = new ObjectiveState(instance, plan);
        expectClose(state.objective(), evaluateObjective(instance, plan), 'initial F');
        for (const [j, slot, p] of moves) {
          const job = instance.jobs[j]!.id;
          const before = evaluateObjective(instance, plan);
          const field = slot === 'lead' ? 'lead_id' : 'data_acq_id';
          plan[j] = { ...plan[j]!, [field]: id(p) };
          const after = evaluateObjective(instance, plan);
          const asked = state.deltaIf(job, slot, id(p));
          expectClose(asked, minus(after, before), `delta of ${job}/${slot} to ${id(p)}`);
          expectClose(state.move(job, slot, id(p)), asked, 'move answers the delta it applied');
          expect(state.holder(job, slot)).toBe(id(p));
          expectClose(state.objective(), after, 'F after the move');
        }
      }),
      { numRuns: 150, seed: 1126 },
    );
  });

  it('tallies each physicist the way F counts them', () => {
    const instance = tinyInstance();
    const plan = [
      assignment('J1', 'L1', 'D1'),
      assignment('J2', 'L1', 'D2'),
      assignment('J3', 'L2', null),
    ];
    const tallies = new ObjectiveState(instance, plan).tallies();
    const l1 = tallies.find((t) => t.physicist_id === 'L1')!;
    // J1 and J2 share the customer (' mercy ' trims and lowercases to 'mercy'): one repeat.
    expect(l1).toMatchObject({ jobs: 2, rotation_repeats: 1 });
    // J3 has no coordinates: L2 holds it (a pin may) but travels no measured miles.
    expect(tallies.find((t) => t.physicist_id === 'L2')).toMatchObject({ jobs: 1, miles: 0 });
    const F = evaluateObjective(instance, plan);
    expect(tallies.reduce((sum, t) => sum + t.miles, 0)).toBeCloseTo(F.distance_miles, 9);
    expect(tallies.reduce((sum, t) => sum + t.rotation_repeats, 0)).toBe(F.rotation);
    expect(tallies.reduce((sum, t) => sum + Math.abs(t.jobs - t.target), 0)).toBeCloseTo(
      F.balance,
      9,
    );
  });

  it('names an unknown job or physicist instead of answering a number', () => {
    const state = new ObjectiveState(tinyInstance(), []);
    expect(() => state.deltaIf('J9', 'lead', 'L1')).toThrow('job J9 is not in the instance');
    expect(() => state.move('J1', 'lead', 'X')).toThrow('physicist X is not in the instance');
  });
});
