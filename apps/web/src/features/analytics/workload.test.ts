import { describe, expect, it } from 'vitest';
import type { Job, Physicist } from '@meridian/domain';
import { asPercent, furthestFromShare, roleCounts, workloadByPhysicist } from './workload';

const job = (lead: string | null, acq: string | null) =>
  ({ assigned_lead: lead, assigned_data_acq: acq }) as Job;

describe('workloadByPhysicist', () => {
  it('counts both roles per person, busiest first, skipping unassigned slots', () => {
    const rows = workloadByPhysicist([job('Ann', 'Bo'), job('Ann', null), job(null, 'Ann')]);
    expect(rows).toEqual([
      { name: 'Ann', lead: 2, dataAcq: 1 },
      { name: 'Bo', lead: 0, dataAcq: 1 },
    ]);
  });
});

describe('asPercent', () => {
  it('reads fractions and percentages alike', () => {
    expect(asPercent(0.25)).toBe(25);
    expect(asPercent(40)).toBe(40);
  });
});

describe('roleCounts and furthestFromShare', () => {
  const people = [
    { id: 1, name: 'Ann', role: 'lead', home_zip: '10016' },
    { id: 2, name: 'Bo', role: 'dataacq', home_zip: '10016' },
    { id: 3, name: 'Cy', role: 'dataacq', home_zip: '10016' },
  ] as Physicist[];
  const held = (lead: number | null, acq: number | null) =>
    ({ assigned_lead_id: lead, assigned_data_acq_id: acq }) as Job;

  it("counts each person's jobs once, in either slot, with 0 for the idle", () => {
    const jobs = [held(1, 2), held(1, 1), held(null, 2)];
    expect(roleCounts(jobs, people, 'lead')).toEqual([{ name: 'Ann', jobs: 2 }]);
    expect(roleCounts(jobs, people, 'dataacq')).toEqual([
      { name: 'Bo', jobs: 2 },
      { name: 'Cy', jobs: 0 },
    ]);
  });

  it('names the people furthest from the fair share, either side, furthest first', () => {
    const counts = [
      { name: 'A', jobs: 8 },
      { name: 'B', jobs: 55 },
      { name: 'C', jobs: 20 },
      { name: 'D', jobs: 20 },
    ];
    expect(furthestFromShare(counts, 25.75)).toEqual([
      { name: 'B', jobs: 55, off: 29.25 },
      { name: 'A', jobs: 8, off: -17.75 },
    ]);
    expect(furthestFromShare([{ name: 'A', jobs: 3 }], 3)).toEqual([]);
  });
});
