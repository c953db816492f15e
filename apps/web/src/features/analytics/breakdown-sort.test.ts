import { describe, expect, it } from 'vitest';
import type { PhysicistBreakdown } from '@meridian/contracts';
import { shareGap, sortBreakdown } from './breakdown-sort';

const row = (name: string, jobs: number, target: number, miles: number): PhysicistBreakdown => ({
  physicist_id: name.length,
  name,
  role: 'lead',
  jobs,
  target,
  miles,
  rotation_repeats: 0,
  placed: true,
});

describe('sortBreakdown', () => {
  const rows = [row('Cy', 5, 6.5, 900), row('Ada', 9, 6.5, 100), row('Ben', 5, 4, 400)];
  it('sorts by the gap to fair share, descending, ties by name', () => {
    expect(sortBreakdown(rows, 'gap', 'desc').map((r) => r.name)).toEqual(['Ada', 'Ben', 'Cy']);
    expect(shareGap(rows[0]!)).toBe(-1.5);
  });
  it('sorts by miles ascending and by name, leaving the input as it was', () => {
    expect(sortBreakdown(rows, 'miles', 'asc').map((r) => r.name)).toEqual(['Ada', 'Ben', 'Cy']);
    expect(sortBreakdown(rows, 'jobs', 'asc').map((r) => r.name)).toEqual(['Ben', 'Cy', 'Ada']);
    expect(rows.map((r) => r.name)).toEqual(['Cy', 'Ada', 'Ben']);
  });
});
