import { describe, expect, it } from 'vitest';
import atlas from 'us-atlas/states-10m.json';
import type { Kit, Physicist, ZipPoint } from '@meridian/domain';
import { testJob } from '../../test/job-fixture';
import { usShapesFromTopology } from './us-topology';
import { fitUsProjection } from './us-projection';
import { buildMapModel, type MapInput } from './map-model';

const { project } = fitUsProjection(usShapesFromTopology(atlas), 900, 560);
const zipList: ZipPoint[] = [
  { zip_code: '10016', lat: 40.746, lon: -73.978 }, // New York
  { zip_code: '02115', lat: 42.343, lon: -71.092 }, // Boston, 190 mi from New York
  { zip_code: '60201', lat: 42.057, lon: -87.694 }, // Evanston, 710 mi from New York
  { zip_code: '00901', lat: 18.466, lon: -66.106 }, // San Juan: outside Albers USA
];
const zips = new Map(zipList.map((point) => [point.zip_code, point]));
const ada: Physicist = { id: 1, name: 'Ada', role: 'lead', home_zip: '02115' };
const ken: Physicist = { id: 2, name: 'Ken', role: 'dataacq', home_zip: '60201' };
const kit = (id: number, zip: string): Kit => ({
  id,
  name: `Kit ${id}`,
  current_location_zip: zip,
  is_out_for_maintenance: false,
  comments: '',
});
const assigned = testJob({
  id: 10,
  zip_code: '10016',
  assigned_lead: 'Ada',
  assigned_lead_id: 1,
  assigned_data_acq: 'Ken',
  assigned_data_acq_id: 2,
  assigned_kit_id: 31,
  assigned_kit_name: 'Kit 31',
});
const input = (fields: Partial<MapInput> = {}): MapInput => ({
  jobs: [assigned],
  allJobs: [assigned],
  physicists: [ada, ken],
  kits: [],
  zips,
  project,
  chosenPhysicistIds: [],
  today: '2026-03-02',
  ...fields,
});

describe('buildMapModel', () => {
  it('draws a site, two homes and one line per assignee coloured by band', () => {
    const model = buildMapModel(input());
    expect(model.sites).toHaveLength(1);
    expect(model.sites[0]).toMatchObject({ zip: '10016', jobIds: [10] });
    expect(model.homes.map((home) => home.physicist.name)).toEqual(['Ada', 'Ken']);
    const bands = model.lines.map((line) => [line.physicistId, line.band]);
    expect(bands).toEqual([
      [1, 'car'],
      [2, 'plane'],
    ]);
    expect(model.lines[0]!.to).toEqual({ x: model.sites[0]!.x, y: model.sites[0]!.y });
    expect(model.jobs.get(10)!.lead.miles).toBeCloseTo(190, -1);
  });

  it('takes the miles written in the reason, as the tables do', () => {
    const job = { ...assigned, reason: 'Lead: Ada (480 mi) | Acq: Ken (5 mi)' };
    const model = buildMapModel(input({ jobs: [job], allJobs: [job] }));
    expect(model.lines.map((line) => line.band)).toEqual(['plane', 'car']);
  });

  it('lists jobs without coordinates with the reason and draws no line for them', () => {
    const jobs = [
      testJob({ id: 1, zip_code: '' }),
      testJob({ id: 2, zip_code: '99999' }),
      { ...assigned, id: 3, zip_code: '00901' },
    ];
    const model = buildMapModel(input({ jobs, allJobs: jobs }));
    expect(model.unplacedJobs.map(({ job, reason }) => [job.id, reason])).toEqual([
      [1, 'no zip'],
      [2, 'zip not in the zip table'],
      [3, 'outside the map'],
    ]);
    expect(model.sites).toEqual([]);
    expect(model.lines).toEqual([]);
    expect(model.jobs.get(3)!.lead.name).toBe('Ada');
  });

  it('puts jobs at one zip on one marker', () => {
    const jobs = [testJob({ id: 1 }), testJob({ id: 2 })];
    expect(buildMapModel(input({ jobs, allJobs: jobs })).sites).toEqual([
      expect.objectContaining({ zip: '10016', jobIds: [1, 2] }),
    ]);
  });

  it('with physicists chosen, draws only their homes and trips', () => {
    const model = buildMapModel(input({ chosenPhysicistIds: [2] }));
    expect(model.homes.map((home) => home.physicist.id)).toEqual([2]);
    expect(model.lines.map((line) => line.physicistId)).toEqual([2]);
  });

  it('places a kit at its zip, else at its current job, else lists it', () => {
    const later = {
      ...assigned,
      id: 11,
      zip_code: '60201',
      start: '2026-04-01',
      end: '2026-04-01',
    };
    const model = buildMapModel(
      input({
        kits: [kit(30, '02115'), kit(31, '99999'), kit(32, '')],
        allJobs: [assigned, later],
      }),
    );
    expect(model.kits.map((k) => [k.kit.id, k.placedBy])).toEqual([
      [30, 'kit zip'],
      [31, 'job site'],
    ]);
    expect(model.kits[1]).toMatchObject({ x: model.sites[0]!.x, y: model.sites[0]!.y });
    expect(model.unplacedKits.map((k) => k.id)).toEqual([32]);
  });

  it('lists a home whose zip the table lacks', () => {
    const lost: Physicist = { id: 3, name: 'Lost', role: 'lead', home_zip: '99999' };
    const model = buildMapModel(input({ physicists: [ada, ken, lost] }));
    expect(model.unplacedHomes.map((p) => p.name)).toEqual(['Lost']);
  });
});
