import type { KitCoverResult } from '@meridian/optimizer/kits';
import { describe, expect, it } from 'vitest';
import { kitAssignmentMessage } from '../src/kinds/kit-assignment/kit-assignment-run';

const cover = (over: Partial<KitCoverResult>): KitCoverResult => ({
  status: 'optimal',
  assignments: [],
  total_miles: 1234.4,
  covered: 5,
  bound: { covered: 5, miles: 1234.4 },
  uncovered: [],
  conflicts: [],
  notes: [],
  elapsed_ms: 1,
  ...over,
});

describe('kit assignment message', () => {
  it('says nothing of a bound when the cover is proven optimal', () => {
    expect(kitAssignmentMessage(cover({}), 5)).toBe(
      'Kits assigned: 0 kits cover 5 of 5 dated jobs; total kit miles: 1,234.',
    );
  });

  it('says how far a cover that is not proven optimal can be, by its bound', () => {
    const miles = cover({ status: 'feasible', bound: { covered: 5, miles: 1000 } });
    expect(kitAssignmentMessage(miles, 5)).toMatch(
      /; not proven optimal: at most 234 miles more than the best cover\.$/,
    );
    const jobs = cover({ status: 'feasible', bound: { covered: 7, miles: 900 } });
    expect(kitAssignmentMessage(jobs, 8)).toMatch(
      /; not proven optimal: at most 2 more jobs could have a kit\.$/,
    );
  });
});
