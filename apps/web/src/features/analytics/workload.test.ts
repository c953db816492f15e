import { describe, expect, it } from 'vitest';
import type { Job } from '@meridian/domain';
import { asPercent, workloadByPhysicist } from './workload';

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
