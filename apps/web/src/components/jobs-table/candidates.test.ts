import { describe, expect, it } from 'vitest';
import { parseCandidates } from './candidates';

describe('parseCandidates', () => {
  it('reads comma-separated candidates with distances on both sides', () => {
    expect(
      parseCandidates('Lead: Ann Lee (12 mi), Bo Kim (250 mi) | Acq: Cy Roe (480 mi)'),
    ).toEqual({
      lead: [
        { name: 'Ann Lee', miles: 12 },
        { name: 'Bo Kim', miles: 250 },
      ],
      acq: [{ name: 'Cy Roe', miles: 480 }],
    });
  });

  it('skips unassigned sides and keeps names without distances', () => {
    expect(parseCandidates('Lead: unassigned | Acq: Dee')).toEqual({
      lead: [],
      acq: [{ name: 'Dee', miles: null }],
    });
  });

  it('reads text without a summary as empty lists', () => {
    expect(parseCandidates('')).toEqual({ lead: [], acq: [] });
  });
});
