import { describe, expect, it } from 'vitest';
import { testJob } from '../../test/job-fixture';
import { filterMapJobs, NO_MAP_FILTER } from './map-filter';

const jobs = [
  testJob({ id: 1, start: '2026-03-02', end: '2026-03-04', assigned_lead_id: 7 }),
  testJob({ id: 2, start: '2026-03-10', end: '2026-03-10', assigned_data_acq_id: 8 }),
  testJob({ id: 3, start: null, end: null }),
];
const ids = (filter: Parameters<typeof filterMapJobs>[1]) =>
  filterMapJobs(jobs, filter).map((job) => job.id);

describe('filterMapJobs', () => {
  it('keeps every job without a filter, undated ones included', () => {
    expect(ids(NO_MAP_FILTER)).toEqual([1, 2, 3]);
  });

  it('keeps jobs that overlap the dates, inclusive at both ends', () => {
    expect(ids({ ...NO_MAP_FILTER, from: '2026-03-04', to: '2026-03-09' })).toEqual([1]);
    expect(ids({ ...NO_MAP_FILTER, from: '2026-03-05' })).toEqual([2]);
    expect(ids({ ...NO_MAP_FILTER, to: '2026-03-02' })).toEqual([1]);
  });

  it('keeps the jobs where a chosen physicist holds either slot', () => {
    expect(ids({ ...NO_MAP_FILTER, physicistIds: [7] })).toEqual([1]);
    expect(ids({ ...NO_MAP_FILTER, physicistIds: [8, 7] })).toEqual([1, 2]);
    expect(ids({ ...NO_MAP_FILTER, physicistIds: [99] })).toEqual([]);
  });

  it('refuses a range that ends before it starts', () => {
    expect(() => ids({ ...NO_MAP_FILTER, from: '2026-03-05', to: '2026-03-01' })).toThrow(
      'The date range ends (2026-03-01) before it starts (2026-03-05).',
    );
  });
});
