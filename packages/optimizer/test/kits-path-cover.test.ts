import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromDayNumber, haversineMiles } from '@meridian/domain';
import { assignKitsPathCover } from '../src/kits/path-cover';
import type { KitCoverJob, KitCoverKit } from '../src/kits/types';

const BASE_DAY = 20_000;

/** Exhaustive search: every job to one kit or none; lexicographic (covered desc, miles asc). */
function bruteForce(jobs: KitCoverJob[], kits: KitCoverKit[]): { covered: number; miles: number } {
  const usable = kits.filter((k) => !k.is_out_for_maintenance);
  let best = { covered: -1, miles: Infinity };
  const choice = new Array<number>(jobs.length).fill(-1);
  const visit = (i: number): void => {
    if (i === jobs.length) {
      let covered = 0;
      let miles = 0;
      for (let k = 0; k < usable.length; k++) {
        const kit = usable[k]!;
        const mine = jobs
          .filter((_, j) => choice[j] === k)
          .sort((a, b) => (a.start < b.start ? -1 : 1));
        let lat = kit.lat;
        let lon = kit.lon;
        for (let m = 0; m < mine.length; m++) {
          if (m > 0 && !(mine[m - 1]!.end < mine[m]!.start)) return;
          miles += haversineMiles(lat, lon, mine[m]!.lat!, mine[m]!.lon!);
          lat = mine[m]!.lat!;
          lon = mine[m]!.lon!;
        }
        covered += mine.length;
      }
      if (covered > best.covered || (covered === best.covered && miles < best.miles - 1e-9)) {
        best = { covered, miles };
      }
      return;
    }
    for (let k = -1; k < usable.length; k++) {
      choice[i] = k;
      visit(i + 1);
    }
  };
  visit(0);
  return best;
}

const point = fc.record({
  lat: fc.double({ min: 30, max: 45, noNaN: true }),
  lon: fc.double({ min: -110, max: -75, noNaN: true }),
});
const jobArb = fc.tuple(point, fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 3 }));
const kitArb = fc.tuple(point, fc.boolean(), fc.boolean());

const makeJobs = (raw: [{ lat: number; lon: number }, number, number][]): KitCoverJob[] =>
  raw.map(([p, s, len], i) => ({
    id: `j${i}`,
    start: fromDayNumber(BASE_DAY + s),
    end: fromDayNumber(BASE_DAY + s + len),
    lat: p.lat,
    lon: p.lon,
    zip: `z${i}`,
  }));
const makeKits = (raw: [{ lat: number; lon: number }, boolean, boolean][]): KitCoverKit[] =>
  raw.map(([p, , maint], i) => ({
    id: `k${i}`,
    lat: p.lat,
    lon: p.lon,
    zip: `kz${i}`,
    is_out_for_maintenance: maint && i > 0,
  }));

describe('kit path cover', () => {
  it('matches brute force on tiny random instances (covered first, then miles)', () => {
    fc.assert(
      fc.property(
        fc.array(jobArb, { minLength: 1, maxLength: 6 }),
        fc.array(kitArb, { minLength: 1, maxLength: 3 }),
        (rawJobs, rawKits) => {
          const jobs = makeJobs(rawJobs);
          const kits = makeKits(rawKits);
          const result = assignKitsPathCover(jobs, kits);
          const best = bruteForce(jobs, kits);
          expect(result.status).toBe('optimal');
          expect(result.covered).toBe(best.covered);
          expect(result.total_miles).toBeCloseTo(best.miles, 6);
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });

  it('routes are feasible: same kit never on overlapping or touching jobs; kit_location is the previous stop', () => {
    const jobs: KitCoverJob[] = [
      { id: 'a', start: '2027-01-04', end: '2027-01-05', lat: 40, lon: -74, zip: '10001' },
      { id: 'b', start: '2027-01-05', end: '2027-01-06', lat: 41, lon: -74, zip: '10002' },
      { id: 'c', start: '2027-01-07', end: '2027-01-07', lat: 42, lon: -75, zip: '10003' },
      { id: 'n', start: '2027-01-07', end: '2027-01-07', lat: null, lon: null },
    ];
    const kits: KitCoverKit[] = [
      { id: 'k1', lat: 40, lon: -74.1, zip: '07001', is_out_for_maintenance: false },
      { id: 'k2', lat: 30, lon: -90, zip: '70001', is_out_for_maintenance: true },
    ];
    const result = assignKitsPathCover(jobs, kits);
    // One usable kit: a (ends 5th) and b (starts 5th) touch, so it takes a or b, then c.
    expect(result.covered).toBe(2);
    expect(result.uncovered).toContainEqual({ job_id: 'n', reason: 'no_coordinates' });
    const byJob = new Map(result.assignments.map((a) => [a.job_id, a]));
    expect(byJob.get('a')?.kit_location).toBe('07001');
    expect(byJob.get('c')?.kit_location).toBe('10001');
    expect(result.assignments.every((a) => a.kit_id === 'k1')).toBe(true);
  });

  it('keeps pinned kits and reports pins that break a rule', () => {
    const jobs: KitCoverJob[] = [
      {
        id: 'p',
        start: '2027-01-04',
        end: '2027-01-05',
        lat: 40,
        lon: -74,
        zip: '1',
        kit_id: 'k1',
      },
      {
        id: 'q',
        start: '2027-01-05',
        end: '2027-01-05',
        lat: 40,
        lon: -74,
        zip: '2',
        kit_id: 'k1',
      },
      {
        id: 'm',
        start: '2027-01-09',
        end: '2027-01-09',
        lat: 40,
        lon: -74,
        zip: '3',
        kit_id: 'k2',
      },
      { id: 'f', start: '2027-01-08', end: '2027-01-08', lat: 41, lon: -74, zip: '4' },
    ];
    const kits: KitCoverKit[] = [
      { id: 'k1', lat: 40, lon: -74, zip: 'x', is_out_for_maintenance: false },
      { id: 'k2', lat: 40, lon: -74, zip: 'y', is_out_for_maintenance: true },
    ];
    const result = assignKitsPathCover(jobs, kits);
    expect(result.status).toBe('restricted');
    const byJob = new Map(result.assignments.map((a) => [a.job_id, a]));
    expect(byJob.get('p')?.kit_id).toBe('k1');
    expect(byJob.get('q')?.kit_id).toBe('k1');
    expect(byJob.get('m')?.kit_id).toBe('k2');
    expect(byJob.get('f')?.kit_id).toBe('k1');
    expect(byJob.get('f')?.kit_location).toBe('2');
    expect(result.conflicts).toEqual(
      expect.arrayContaining([
        { job_id: 'q', reason: 'pinned_kit_overlap' },
        { job_id: 'm', reason: 'pinned_kit_in_maintenance' },
      ]),
    );
  });
});
