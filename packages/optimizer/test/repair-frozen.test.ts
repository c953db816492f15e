import { describe, expect, it } from 'vitest';
import type { Instance, JobAssignment } from '@meridian/domain';
import { planRepair } from '../src/index';

/**
 * The repair never changes a frozen job (the past): an absence over it is a
 * fact to record, not a slot to refill, and nobody is moved off one.
 */
describe('planRepair and frozen jobs', () => {
  const person = (id: string, lat: number) => ({
    id,
    name: id,
    role: 'lead' as const,
    lat,
    lon: -75,
    unavailable: [],
  });
  const job = (id: string, start: string, end: string, frozenLead?: string) => ({
    id,
    customer: id,
    lat: 40,
    lon: -75,
    start,
    end,
    lead_id: frozenLead ?? null,
    data_acq_id: null,
    kit_id: null,
    frozen: frozenLead !== undefined,
  });
  const row = (job_id: string, lead_id: string | null): JobAssignment => ({
    job_id,
    lead_id,
    data_acq_id: null,
    kit_id: null,
  });
  const weights = { proximity: 0.5, job_balance: 0.3, staff_rotation: 0.2 };
  const absence = {
    kind: 'physicist',
    id: 'alice',
    start: '2027-01-01',
    end: '2027-01-10',
  } as const;

  it('leaves a frozen job of the absent physicist as it is', () => {
    const instance: Instance = {
      weights,
      physicists: [person('alice', 40), person('bob', 41)],
      // j1 happened (frozen with Alice); j2 is still to come.
      jobs: [job('j1', '2027-01-02', '2027-01-02', 'alice'), job('j2', '2027-01-06', '2027-01-07')],
      kits: [],
    };
    const result = planRepair(instance, [row('j1', 'alice'), row('j2', 'alice')], absence);
    expect(result.changes.map((c) => [c.job_id, c.before, c.after])).toEqual([
      ['j2', 'alice', 'bob'],
    ]);
  });

  it('moves nobody off a frozen job to cover the absence', () => {
    // Bob is on j1, which overlaps Alice's j2; Carol is on leave on the 7th, so she may take j1
    // but not j2. Covering j2 takes the chain Bob to j2, Carol to j1.
    const carol = {
      ...person('carol', 42),
      unavailable: [{ start: '2027-01-07', end: '2027-01-07' }],
    };
    const plan = [row('j1', 'bob'), row('j2', 'alice')];
    const open: Instance = {
      weights,
      physicists: [person('alice', 40), person('bob', 41), carol],
      jobs: [job('j1', '2027-01-05', '2027-01-06'), job('j2', '2027-01-06', '2027-01-07')],
      kits: [],
    };
    const chain = planRepair(open, plan, absence);
    expect(chain.changes.map((c) => [c.job_id, c.before, c.after]).sort()).toEqual([
      ['j1', 'bob', 'carol'],
      ['j2', 'alice', 'bob'],
    ]);
    // With j1 frozen (it happened), Bob stays on it and j2 is left for the manager to fill.
    const frozen = planRepair(
      { ...open, jobs: [job('j1', '2027-01-05', '2027-01-06', 'bob'), open.jobs[1]!] },
      plan,
      absence,
    );
    expect(frozen.changes.map((c) => [c.job_id, c.before, c.after])).toEqual([
      ['j2', 'alice', null],
    ]);
    expect(frozen.unfilled).toEqual([{ job_id: 'j2', slot: 'lead' }]);
  });
});
