import { describe, expect, it } from 'vitest';
import type { KitExplanation, SlotExplanation } from '@meridian/contracts';
import {
  alternativeLine,
  assignedLine,
  kitAssignedLine,
  kitNextBestLine,
  nextBestLine,
  refusalLines,
  signed,
} from './explain-text';

type Alternative = SlotExplanation['alternatives'][number];

/** A delta that changes nothing, to spread the parts a case changes over. */
const NO_CHANGE = {
  unassigned: 0,
  f: 0,
  distance_miles: 0,
  balance: 0,
  rotation: 0,
  changed_slots: 0,
  avoided_days: 0,
};

const alt = (over: Partial<Alternative> & Pick<Alternative, 'delta'>): Alternative => ({
  physicist_id: 7,
  name: 'Emma Garcia',
  miles: 300,
  delta_total: 0.37,
  delta_terms: { coverage: 0, proximity: 0.21, balance: 0.24, rotation: 0, preference: 0 },
  ...over,
});

const slot = (alternatives: Alternative[]): SlotExplanation => ({
  slot: 'lead',
  pinned: false,
  assigned: null,
  alternatives,
  more_feasible: 0,
  refused: [],
  note: null,
});

describe('explanation words', () => {
  it('says the next best as changes against the holder', () => {
    const line = nextBestLine(
      slot([alt({ delta: { ...NO_CHANGE, distance_miles: 42.4, balance: 0.8 } })]),
    );
    expect(line).toBe('Next best: Emma Garcia, +42 mi, +0.8 on balance, F +0.37');
  });

  it('counts repeat visits, and for an empty slot gives miles from home and F besides coverage', () => {
    const fills = alt({
      delta: { ...NO_CHANGE, unassigned: -1, distance_miles: 120, balance: -0.5, rotation: 1 },
      delta_total: -999_998.5,
      delta_terms: {
        coverage: -1_000_000,
        proximity: 0.6,
        balance: -0.1,
        rotation: 1,
        preference: 0,
      },
    });
    expect(alternativeLine(fills)).toBe(
      'Emma Garcia, 120 mi from home, \u22120.5 on balance, +1 repeat visit, F +1.50 besides filling the slot',
    );
    expect(nextBestLine(slot([]))).toBe('Nobody of this role is free on these days.');
  });

  it('names the avoided days a change puts someone on, or spares, with the exact change of F', () => {
    const onAvoided = alt({
      name: 'Alice Park',
      delta: { ...NO_CHANGE, distance_miles: -10, avoided_days: 1 },
      delta_total: 0.35,
      delta_terms: { coverage: 0, proximity: -0.05, balance: 0, rotation: 0, preference: 0.4 },
    });
    expect(alternativeLine(onAvoided)).toBe(
      'Alice Park, −10 mi, 0 on balance, on a day Alice Park asked to avoid: +0.40, F +0.35',
    );
    const spares = alt({
      delta: { ...NO_CHANGE, avoided_days: -2 },
      delta_total: -2,
      delta_terms: { coverage: 0, proximity: 0, balance: 0, rotation: 0, preference: -2 },
    });
    expect(alternativeLine(spares)).toContain("2 fewer days on someone's avoided days: −2.00");
    expect(alternativeLine(alt({ delta: NO_CHANGE }))).not.toContain('avoid');
    const holder = {
      physicist_id: 3,
      name: 'Alice Park',
      miles: 100,
      proximity: 0.5,
      balance: -0.3,
      rotation_repeat: false,
      rotation: 0,
      avoided_days: 3,
      preference: 3,
      total: 3.2,
    };
    expect(assignedLine(holder)).toBe(
      'Alice Park: 100 mi from home (adds 0.50 to F); this job brings them closer to their fair share (−0.30 on F); not a repeat visit; on 3 days Alice Park asked to avoid: +3.00. In all +3.20 on F.',
    );
    expect(assignedLine({ ...holder, avoided_days: 0, preference: 0 })).not.toContain('avoid');
  });

  it('lists leave and bookings by name and the wrong role as one count', () => {
    const lines = refusalLines([
      {
        physicist_id: 1,
        name: 'A',
        kind: 'leave',
        reason: 'A is unavailable on 2027-01-01 to 2027-01-02',
      },
      {
        physicist_id: 2,
        name: 'B',
        kind: 'wrong_role',
        reason: 'B is a data-acquisition physicist and cannot take the lead slot',
      },
      {
        physicist_id: 3,
        name: 'C',
        kind: 'wrong_role',
        reason: 'C is a data-acquisition physicist and cannot take the lead slot',
      },
    ]);
    expect(lines).toEqual([
      'A is unavailable on 2027-01-01 to 2027-01-02',
      '2 data-acquisition physicists cannot take this slot (wrong role)',
    ]);
    expect(signed(-0.004, 2)).toBe('0');
  });
});

describe('kit explanation words', () => {
  it('says where the kit comes from and what the job adds to its route', () => {
    expect(
      kitAssignedLine({
        kit_id: 2,
        name: 'Kit B',
        from: 'job 12 (Acme, ends 2027-01-04)',
        miles: 80.4,
        route_miles: 35.2,
      }),
    ).toBe(
      'Kit B: comes from job 12 (Acme, ends 2027-01-04), 80 mi; this job adds 35 mi to its route.',
    );
  });

  it('ranks the next kit by the change of total kit miles, with its sign', () => {
    const kit: KitExplanation = {
      slot: 'kit',
      pinned: false,
      decided_by: 'Kits are not part of F',
      total_kit_miles: 1000,
      assigned: null,
      alternatives: [
        {
          kit_id: 3,
          name: 'Kit C',
          from: 'its location (zip 10001)',
          miles: 1200.4,
          delta_kit_miles: -85,
        },
      ],
      more_feasible: 0,
      refused: [],
      note: null,
    };
    expect(kitNextBestLine(kit)).toBe(
      'Next best: Kit C, from its location (zip 10001), 1,200 mi, total kit miles \u221285',
    );
    expect(kitNextBestLine({ ...kit, alternatives: [] })).toBe('No kit is free on these days.');
  });
});
