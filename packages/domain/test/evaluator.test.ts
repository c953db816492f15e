import { describe, expect, it } from 'vitest';
import { DEFAULT_STABILITY, evaluateObjective, fairShareTargets, haversineMiles } from '../src';
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

  it('counts S, the slots of the current plan emptied or given away, and P, avoided job days', () => {
    const instance = tinyInstance();
    instance.weights = { ...instance.weights, stability: 2, preference: 5 };
    // x0: J1 L1 + D1, J2 D2 (its lead slot was empty), J3 names a physicist who is gone.
    Object.assign(instance.jobs[0]!, { current_lead_id: 'L1', current_data_acq_id: 'D1' });
    Object.assign(instance.jobs[1]!, { current_lead_id: null, current_data_acq_id: 'D2' });
    Object.assign(instance.jobs[2]!, { current_lead_id: 'GONE', current_data_acq_id: null });
    // D1 avoids Tuesdays (2027-01-05 is one) and 2027-01-06; L1 avoids 2027-01-04.
    instance.physicists[2]!.avoid_weekdays = [2];
    instance.physicists[2]!.avoid_dates = ['2027-01-06'];
    instance.physicists[0]!.avoid_dates = ['2027-01-04'];
    const kept = evaluateObjective(instance, [
      assignment('J1', 'L1', 'D1'),
      assignment('J2', null, 'D2'),
      assignment('J3', null, null),
    ]);
    // Nothing changed (GONE is no physicist of the instance, so J3's lead counts as empty in x0).
    expect(kept.changed_slots).toBe(0);
    // L1 on J1 (4th, 5th): the 4th. D1 on J1: the 5th, a Tuesday.
    expect(kept.avoided_days).toBe(2);
    expect(kept.total).toBeCloseTo(kept.f + 5 * 2, 9);

    const moved = evaluateObjective(instance, [
      assignment('J1', 'L1', null), // D1 taken off J1: one change
      assignment('J2', 'L2', 'D1'), // D2 replaced by D1: one change; filling J2's lead is free
      assignment('J3', null, null),
    ]);
    expect(moved.changed_slots).toBe(2);
    // L1 on J1 (the 4th), D1 on J2 (the 5th Tuesday and the 6th).
    expect(moved.avoided_days).toBe(3);
    expect(moved.total).toBeCloseTo(moved.f + 2 * 2 + 5 * 3, 9);
  });

  it('defaults the stability weight when an instance does not give it', () => {
    const instance = tinyInstance();
    instance.jobs[0]!.current_lead_id = 'L1';
    const objective = evaluateObjective(instance, [assignment('J1', null, null)]);
    expect(objective.changed_slots).toBe(1);
    expect(objective.total - objective.f).toBeCloseTo(DEFAULT_STABILITY, 12);
  });
});
