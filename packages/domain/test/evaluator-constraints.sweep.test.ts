import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkHardConstraints, fromDayNumber, haversineMiles, rangesOverlap } from '../src';
import type { HardViolation, Instance, JobAssignment } from '../src';
import { haversineMilesWithCos, latitudeCos } from '../src/distance';

/**
 * The overlap rules (3 and 4) by brute force: every pair of jobs held by the
 * same physicist or kit, reported on the later-starting one (input order on a
 * tie), one violation per overlapping earlier job.
 */
function overlapViolationsByAllPairs(instance: Instance, solution: JobAssignment[]): string[] {
  const out: string[] = [];
  const slots = [
    ['lead', 'lead_id', 'physicist'],
    ['data_acq', 'data_acq_id', 'physicist'],
    ['kit', 'kit_id', 'kit'],
  ] as const;
  const held = instance.jobs.flatMap((job, j) =>
    slots.flatMap(([slot, field, kind]) => {
      const id = solution[j]![field];
      return id == null ? [] : [{ job, slot, who: `${kind}:${id}` }];
    }),
  );
  for (const later of held) {
    for (const earlier of held) {
      if (earlier === later || earlier.who !== later.who) continue;
      const before =
        earlier.job.start < later.job.start ||
        (earlier.job.start === later.job.start && held.indexOf(earlier) < held.indexOf(later));
      if (
        before &&
        rangesOverlap(earlier.job.start, earlier.job.end, later.job.start, later.job.end)
      )
        out.push(`${later.job.id}/${later.slot}/${earlier.job.id}`);
    }
  }
  return out.sort();
}

const overlapOnly = (violations: HardViolation[]) =>
  violations
    .filter((v) => v.reason.includes('overlapping job'))
    .map((v) => `${v.job_id}/${v.slot}/${v.reason.split(' ').pop()}`)
    .sort();

const day0 = 20_000;

describe('checkHardConstraints overlap sweep', () => {
  it('reports exactly the overlapping pairs that an all-pairs check finds', () => {
    const job = fc.record({
      start: fc.integer({ min: 0, max: 20 }),
      length: fc.integer({ min: 0, max: 4 }),
    });
    const holder = fc.option(fc.integer({ min: 0, max: 2 }), { nil: null });
    const case_ = fc.array(fc.tuple(job, holder, holder, holder), { minLength: 1, maxLength: 25 });
    fc.assert(
      fc.property(case_, (rows) => {
        const instance: Instance = {
          weights: { proximity: 1, job_balance: 1, staff_rotation: 1 },
          physicists: [0, 1, 2].flatMap((i) => [
            {
              id: `L${i}`,
              name: `L${i}`,
              role: 'lead' as const,
              lat: 40,
              lon: -75,
              unavailable: [],
            },
            {
              id: `D${i}`,
              name: `D${i}`,
              role: 'dataacq' as const,
              lat: 40,
              lon: -75,
              unavailable: [],
            },
          ]),
          kits: [0, 1, 2].map((i) => ({
            id: `K${i}`,
            name: `K${i}`,
            lat: 40,
            lon: -75,
            is_out_for_maintenance: false,
          })),
          jobs: rows.map(([d], j) => ({
            id: `J${j}`,
            customer: 'c',
            lat: 40,
            lon: -75,
            start: fromDayNumber(day0 + d.start),
            end: fromDayNumber(day0 + d.start + d.length),
            lead_id: null,
            data_acq_id: null,
            kit_id: null,
          })),
        };
        const solution = rows.map(([, lead, acq, kit], j) => ({
          job_id: `J${j}`,
          lead_id: lead == null ? null : `L${lead}`,
          data_acq_id: acq == null ? null : `D${acq}`,
          kit_id: kit == null ? null : `K${kit}`,
        }));
        const violations = checkHardConstraints(instance, solution);
        expect(overlapOnly(violations)).toEqual(overlapViolationsByAllPairs(instance, solution));
        expect(violations).toHaveLength(overlapOnly(violations).length);
      }),
      { seed: 1, numRuns: 300 },
    );
  });
});

describe('haversineMilesWithCos', () => {
  it('gives bit-identical miles to haversineMiles', () => {
    const lat = fc.double({ min: -90, max: 90, noNaN: true });
    const lon = fc.double({ min: -180, max: 180, noNaN: true });
    fc.assert(
      fc.property(lat, lon, lat, lon, (a, b, c, d) => {
        const table = haversineMilesWithCos(a, b, latitudeCos(a), c, d, latitudeCos(c));
        expect(Object.is(table, haversineMiles(a, b, c, d))).toBe(true);
      }),
      { seed: 1, numRuns: 1000 },
    );
  });
});
