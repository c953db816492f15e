import { DEFAULT_WEIGHTS, type Instance } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { inputFingerprint } from '../src/plan-history/input-fingerprint';

const base = (): Instance => ({
  weights: { ...DEFAULT_WEIGHTS },
  physicists: [
    { id: '1', name: 'Ada Lead', role: 'lead', lat: 40.75, lon: -73.99, unavailable: [] },
    {
      id: '2',
      name: 'Dee Acq',
      role: 'dataacq',
      lat: 42.36,
      lon: -71.06,
      unavailable: [
        { start: '2027-02-01', end: '2027-02-03' },
        { start: '2027-01-10', end: '2027-01-12' },
      ],
    },
  ],
  jobs: [
    {
      id: '10',
      customer: 'Mercy Hospital',
      lat: 40.74,
      lon: -73.98,
      start: '2027-01-04',
      end: '2027-01-05',
      lead_id: null,
      data_acq_id: null,
      kit_id: null,
    },
    {
      id: '9',
      customer: 'Lakeside Clinic',
      lat: 41.9,
      lon: -87.62,
      start: '2027-01-04',
      end: '2027-01-06',
      lead_id: '1',
      data_acq_id: null,
      kit_id: null,
    },
  ],
  kits: [{ id: '5', name: 'Kit East', lat: 40.75, lon: -73.99, is_out_for_maintenance: false }],
});

describe('input fingerprint', () => {
  it('is a sha256 that does not depend on row order or key order', () => {
    const a = base();
    const b = base();
    b.jobs.reverse();
    b.physicists.reverse();
    b.physicists.find((p) => p.id === '2')!.unavailable.reverse();
    // Preferences are sets: the order they were stated in does not matter.
    a.physicists[0]!.avoid_dates = ['2027-01-04', '2027-01-05'];
    b.physicists.find((p) => p.id === '1')!.avoid_dates = ['2027-01-05', '2027-01-04'];
    a.physicists[0]!.avoid_weekdays = [1, 5];
    b.physicists.find((p) => p.id === '1')!.avoid_weekdays = [5, 1];
    // Same values, keys written in another order.
    b.weights = Object.fromEntries(Object.entries(b.weights).reverse()) as Instance['weights'];
    expect(inputFingerprint(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(inputFingerprint(b)).toBe(inputFingerprint(a));
  });

  const edits: [string, (i: Instance) => void][] = [
    ['a job date', (i) => (i.jobs[0]!.end = '2027-01-06')],
    ['a job place', (i) => (i.jobs[0]!.lat = 40.7401)],
    ['a pinned slot', (i) => (i.jobs[0]!.data_acq_id = '2')],
    ['an unpinned slot', (i) => (i.jobs[1]!.lead_id = null)],
    ['a new job', (i) => i.jobs.push({ ...i.jobs[0]!, id: '11' })],
    ['a removed job', (i) => i.jobs.pop()],
    ['a physicist home', (i) => (i.physicists[0]!.lon = -74)],
    ['a physicist role', (i) => (i.physicists[1]!.role = 'lead')],
    [
      'new leave',
      (i) => i.physicists[0]!.unavailable.push({ start: '2027-01-04', end: '2027-01-04' }),
    ],
    ['changed leave', (i) => (i.physicists[1]!.unavailable[0]!.end = '2027-02-04')],
    ['a removed physicist', (i) => i.physicists.shift()],
    ['a kit in maintenance', (i) => (i.kits[0]!.is_out_for_maintenance = true)],
    ['a weight', (i) => (i.weights.proximity = 0.6)],
    ['an avoided date', (i) => (i.physicists[0]!.avoid_dates = ['2027-01-04'])],
    ['an avoided weekday', (i) => (i.physicists[1]!.avoid_weekdays = [1])],
    ['the preference weight', (i) => (i.weights.preference = 2)],
  ];
  it.each(edits)('changes with %s', (_, edit) => {
    const changed = base();
    edit(changed);
    expect(inputFingerprint(changed)).not.toBe(inputFingerprint(base()));
  });
});
