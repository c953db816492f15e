import type { Job, Kit, Physicist, Unavailability } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { jobsByHolder, kitOptions, physicistOptions } from './assign-options';
import type { ZipIndex } from './zip-distance';
import { testJob } from '../../test/job-fixture';

const job = (id: number, start: string | null, end: string | null, slots: Partial<Job> = {}): Job =>
  testJob({ id, start, end, ...slots });

const people: Physicist[] = [
  { id: 1, name: 'Free Lead', role: 'lead', home_zip: '10016' },
  { id: 2, name: 'Away Lead', role: 'lead', home_zip: '02115' },
  { id: 3, name: 'Busy Lead', role: 'lead', home_zip: '99999' },
  { id: 4, name: 'An Acq', role: 'dataacq', home_zip: '10016' },
];
const leave: Unavailability[] = [
  { id: 1, physicist_name: 'away lead', start_date: '2026-03-01', end_date: '2026-03-02' },
];
const zips: ZipIndex = new Map([
  ['10016', { zip_code: '10016', lat: 40.7459, lon: -73.978 }],
  ['02115', { zip_code: '02115', lat: 42.3428, lon: -71.0927 }],
]);

describe('physicistOptions', () => {
  const target = job(10, '2026-03-02', '2026-03-04');
  const other = job(11, '2026-03-04', '2026-03-06', { assigned_data_acq_id: 3 });
  const byPerson = jobsByHolder([target, other]).people;

  it('lists the role only, disabling leave and overlapping jobs with the reason', () => {
    const options = physicistOptions(target, people, 'lead', leave, byPerson, zips);
    expect(options.map((o) => [o.label, o.refusal])).toEqual([
      ['Free Lead', null],
      ['Away Lead', 'Away Lead is unavailable on 2026-03-01 to 2026-03-02'],
      ['Busy Lead', 'Busy Lead is already on job 11 (Customer 11, 2026-03-04 to 2026-03-06)'],
    ]);
  });

  it('gives haversine miles from home zip to job zip, null when a zip is unknown', () => {
    const [free, away, busy] = physicistOptions(target, people, 'lead', [], byPerson, zips);
    expect(free?.miles).toBe(0);
    // Boston 02115 to Manhattan 10016: about 190 miles as the crow flies.
    expect(away?.miles).toBeGreaterThan(180);
    expect(away?.miles).toBeLessThan(200);
    expect(busy?.miles).toBeNull();
  });

  it('refuses nothing on a job without dates (the server answers that itself)', () => {
    const undated = job(12, null, null);
    const options = physicistOptions(undated, people, 'lead', leave, byPerson, zips);
    expect(options.every((o) => o.refusal === null)).toBe(true);
  });
});

describe('kitOptions', () => {
  const kits: Kit[] = [
    {
      id: 1,
      name: 'Kit A',
      current_location_zip: '10016',
      is_out_for_maintenance: false,
      comments: '',
    },
    {
      id: 2,
      name: 'Kit B',
      current_location_zip: '10016',
      is_out_for_maintenance: true,
      comments: '',
    },
    {
      id: 3,
      name: 'Kit C',
      current_location_zip: '10016',
      is_out_for_maintenance: false,
      comments: '',
    },
  ];
  it('disables a kit in maintenance and a kit out on overlapping dates', () => {
    const target = job(10, '2026-03-02', '2026-03-04', { assigned_kit_id: 1 });
    const other = job(11, '2026-03-04', '2026-03-04', { assigned_kit_id: 3 });
    const byKit = jobsByHolder([target, other]).kits;
    expect(kitOptions(target, kits, byKit).map((o) => o.refusal)).toEqual([
      null,
      'Kit B is out for maintenance and cannot be assigned',
      'Kit C is already out on job 11 (Customer 11, 2026-03-04 to 2026-03-04)',
    ]);
  });
});
