import { describe, expect, it } from 'vitest';
import { checkHardConstraints } from '../src';
import type { HardViolation } from '../src';
import { assignment, tinyInstance } from './fixtures';

/** Exactly one violation, on this job and slot, whose reason mentions `word`. */
function expectOne(violations: HardViolation[], job: string, slot: string, word: string) {
  expect(violations.map((v) => `${v.job_id}/${v.slot}`)).toEqual([`${job}/${slot}`]);
  expect(violations[0]!.reason).toContain(word);
}

describe('checkHardConstraints', () => {
  it('accepts a feasible solution', () => {
    const instance = tinyInstance();
    const solution = [
      assignment('J1', 'L1', 'D1', 'K1'),
      assignment('J2', null, 'D2'),
      assignment('J3', null, null),
    ];
    expect(checkHardConstraints(instance, solution)).toEqual([]);
  });

  it('rule 1: the lead slot needs a lead and the data-acq slot a data-acq physicist', () => {
    const violations = checkHardConstraints(tinyInstance(), [assignment('J1', 'D1', 'L1')]);
    expect(violations.map((v) => v.slot).sort()).toEqual(['data_acq', 'lead']);
  });

  it('rule 2: no job overlapping the physicist unavailability', () => {
    // L2 is away on 2027-01-06..07 and J2 runs 01-05..06.
    const violations = checkHardConstraints(tinyInstance(), [assignment('J2', 'L2', null)]);
    expectOne(violations, 'J2', 'lead', 'unavailable');
  });

  it('rule 3: no physicist on two overlapping jobs', () => {
    const violations = checkHardConstraints(tinyInstance(), [
      assignment('J1', 'L1', null),
      assignment('J2', 'L1', null),
    ]);
    expectOne(violations, 'J2', 'lead', 'J1');
  });

  it('rule 4: no kit out for maintenance, no kit on two overlapping jobs', () => {
    const maintenance = checkHardConstraints(tinyInstance(), [assignment('J1', null, null, 'K2')]);
    expectOne(maintenance, 'J1', 'kit', 'maintenance');
    const overlap = checkHardConstraints(tinyInstance(), [
      assignment('J1', null, null, 'K1'),
      assignment('J2', null, null, 'K1'),
    ]);
    expectOne(overlap, 'J2', 'kit', 'J1');
  });

  it('rule 5: pinned slots keep their pinned value', () => {
    const instance = tinyInstance();
    instance.jobs[0]!.lead_id = 'L1';
    expect(checkHardConstraints(instance, [assignment('J1', 'L2', null)])).toEqual([
      { job_id: 'J1', slot: 'lead', reason: 'pinned to L1 but holds L2' },
    ]);
    expect(checkHardConstraints(instance, [assignment('J1', null, null)])).toHaveLength(1);
  });

  it('rule 6: a job without usable coordinates is not assigned', () => {
    const violations = checkHardConstraints(tinyInstance(), [assignment('J3', 'L1', 'D1', 'K1')]);
    expect(violations.map((v) => v.slot)).toEqual(['lead', 'data_acq', 'kit']);
    expect(violations.every((v) => v.reason.includes('coordinates'))).toBe(true);
  });

  it('flags unknown ids and jobs assigned twice', () => {
    const violations = checkHardConstraints(tinyInstance(), [
      assignment('J9', null, null),
      assignment('J1', 'X', null),
      assignment('J1', null, null),
    ]);
    expect(violations.map((v) => v.reason)).toEqual([
      'unknown job',
      'job assigned twice',
      'unknown physicist X',
    ]);
  });

  describe('frozen jobs', () => {
    /** J1 and J2 overlap on the 5th; L2 is away on the 6th and 7th. */
    const frozenInstance = () => {
      const instance = tinyInstance();
      // Facts: L1 on J1, and L1 again on the overlapping J2, with L2's leave over J2's 6th.
      Object.assign(instance.jobs[0]!, { frozen: true, lead_id: 'L1', data_acq_id: null });
      Object.assign(instance.jobs[1]!, { frozen: true, lead_id: 'L1', data_acq_id: 'D1' });
      return instance;
    };

    it('never judges the facts themselves, even when they clash', () => {
      const violations = checkHardConstraints(frozenInstance(), [
        assignment('J1', 'L1', null),
        assignment('J2', 'L1', 'D1'),
      ]);
      expect(violations).toEqual([]);
    });

    it('keeps an empty frozen slot empty', () => {
      const violations = checkHardConstraints(frozenInstance(), [
        assignment('J1', 'L1', 'D2'),
        assignment('J2', 'L1', 'D1'),
      ]);
      expectOne(violations, 'J1', 'data_acq', 'frozen as empty');
    });

    it('blames the free slot that overlaps a fact', () => {
      const instance = frozenInstance();
      instance.jobs[0]!.frozen = false;
      instance.jobs[0]!.lead_id = null;
      // D1 is a fact on J2 (5th and 6th); the free J1 (4th and 5th) may not take D1 too.
      const violations = checkHardConstraints(instance, [
        assignment('J1', null, 'D1'),
        assignment('J2', 'L1', 'D1'),
      ]);
      expectOne(violations, 'J1', 'data_acq', 'overlapping job J2');
    });
  });
});
