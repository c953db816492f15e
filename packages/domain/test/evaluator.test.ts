import { describe, expect, it } from 'vitest';
import { evaluateObjective, fairShareTargets, haversineMiles } from '../src';
import { assignment, tinyInstance } from './fixtures';

describe('evaluateObjective', () => {
  it('computes F by hand on the tiny instance', () => {
    const instance = tinyInstance();
    // J1: L1 + D1. J2: no lead (L1 is on J1, L2 is away on the 6th), D2. J3 has no coordinates.
    const solution = [
      assignment('J1', 'L1', 'D1'),
      assignment('J2', null, 'D2'),
      assignment('J3', null, null),
    ];
    const objective = evaluateObjective(instance, solution);

    // U: J2 lead + J3 both slots = 3.
    expect(objective.unassigned).toBe(3);
    // D: L1 at J1 is 0 mi; D1 (40,-76) to J1 (40,-75); D2 (42,-76) to J2 (41,-75).
    const miles = haversineMiles(40, -76, 40, -75) + haversineMiles(42, -76, 41, -75);
    expect(objective.distance_miles).toBeCloseTo(miles, 9);
    // H = 2027-01-04..08 (5 days). Leads: a_L1 = 5, a_L2 = 3 -> t = 3*5/8, 3*3/8.
    // Data-acq: a = 5 each -> t = 1.5 each. n: L1 1, L2 0, D1 1, D2 1.
    expect(fairShareTargets(instance)).toEqual([15 / 8, 9 / 8, 1.5, 1.5]);
    const balance = Math.abs(1 - 15 / 8) + 9 / 8 + 0.5 + 0.5;
    expect(objective.balance).toBeCloseTo(balance, 12);
    // R: nobody visits ' mercy ' (= 'Mercy') twice.
    expect(objective.rotation).toBe(0);
    expect(objective.total).toBeCloseTo(3_000_000 + (0.5 * miles) / 100 + 0.3 * balance, 9);
  });

  it('counts repeat visits of one customer (trimmed, case-insensitive) in R', () => {
    const instance = tinyInstance();
    instance.jobs[1]!.start = '2027-01-06';
    instance.jobs[1]!.end = '2027-01-06';
    const objective = evaluateObjective(instance, [
      assignment('J1', 'L1', 'D1'),
      assignment('J2', 'L1', 'D1'),
    ]);
    expect(objective.rotation).toBe(2);
    expect(objective.unassigned).toBe(2);
  });

  it('uses weights passed in over the instance weights', () => {
    const instance = tinyInstance();
    const objective = evaluateObjective(instance, [], {
      proximity: 0,
      job_balance: 0,
      staff_rotation: 0,
    });
    expect(objective.total).toBe(6_000_000);
  });
});
