import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromDayNumber, haversineMiles } from '@meridian/domain';
import { assignKitsPathCover } from '../src/kits/path-cover';
import type { KitCoverJob, KitCoverKit, KitCoverResult } from '../src/kits/types';

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

/** Brute force with pins: pinned jobs stay on their kit (clashing pins too), free jobs to any working kit or none. */
function bruteForcePinned(
  jobs: KitCoverJob[],
  kits: KitCoverKit[],
): { covered: number; miles: number } {
  const kitIds = kits.map((k) => k.id);
  const placed = jobs.filter((j) => j.lat !== null && j.lon !== null);
  const pinned = placed.filter((j) => j.kit_id != null && kitIds.includes(j.kit_id));
  const free = placed.filter((j) => j.kit_id == null);
  const working = kits.filter((k) => !k.is_out_for_maintenance).map((k) => k.id);
  let best = { covered: -1, miles: Infinity };
  const choice = new Array<string | null>(free.length).fill(null);
  const visit = (i: number): void => {
    if (i === free.length) {
      const kitOf = (j: KitCoverJob) => j.kit_id ?? choice[free.indexOf(j)] ?? null;
      let miles = 0;
      for (const kit of kits) {
        const mine = [...pinned, ...free].filter((j) => kitOf(j) === kit.id).sort(routeOrder);
        for (const a of mine)
          for (const b of mine)
            if (a !== b && a.kit_id == null && !(a.end < b.start || b.end < a.start)) return;
        let at = { lat: kit.lat, lon: kit.lon };
        for (const j of mine) {
          miles += haversineMiles(at.lat, at.lon, j.lat!, j.lon!);
          at = { lat: j.lat!, lon: j.lon! };
        }
      }
      const covered = pinned.length + choice.filter((c) => c !== null).length;
      if (covered > best.covered || (covered === best.covered && miles < best.miles - 1e-9))
        best = { covered, miles };
      return;
    }
    for (const k of [null, ...working]) {
      choice[i] = k;
      visit(i + 1);
    }
  };
  visit(0);
  return best;
}

/** Date order of a route (the cover's own: start, end, then id). */
const routeOrder = (a: KitCoverJob, b: KitCoverJob) =>
  a.start.localeCompare(b.start) || a.end.localeCompare(b.end) || a.id.localeCompare(b.id);

/** The cover's routes re-walked: free jobs clash with nothing on their kit, pins stay, miles add up. */
function checkRoutes(jobs: KitCoverJob[], kits: KitCoverKit[], result: KitCoverResult): void {
  const byId = new Map(jobs.map((j) => [j.id, j]));
  let miles = 0;
  for (const kit of kits) {
    const mine = result.assignments
      .filter((a) => a.kit_id === kit.id)
      .map((a) => byId.get(a.job_id)!)
      .sort(routeOrder);
    let at = { lat: kit.lat, lon: kit.lon };
    for (const j of mine) {
      if (j.kit_id == null) {
        expect(kit.is_out_for_maintenance).toBe(false);
        for (const o of mine) if (o !== j) expect(o.end < j.start || j.end < o.start).toBe(true);
      }
      miles += haversineMiles(at.lat, at.lon, j.lat!, j.lon!);
      at = { lat: j.lat!, lon: j.lon! };
    }
  }
  for (const j of jobs)
    if (j.kit_id != null && kits.some((k) => k.id === j.kit_id) && j.lat !== null)
      expect(result.assignments.find((a) => a.job_id === j.id)?.kit_id).toBe(j.kit_id);
  expect(result.total_miles).toBeCloseTo(miles, 6);
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
          // Without pins the flow is exact: its bound is its answer.
          expect(result.status).toBe('optimal');
          expect(result.bound.covered).toBe(result.covered);
          expect(result.bound.miles).toBeCloseTo(result.total_miles, 6);
          expect(result.covered).toBe(best.covered);
          expect(result.total_miles).toBeCloseTo(best.miles, 6);
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });

  it('with pins: feasible, never better than brute force, equal where it says optimal; the bound never above it', () => {
    const statuses = new Map<string, number>();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(jobArb, fc.constantFrom(null, null, null, 'k0', 'k1', 'k2', 'ghost')), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.array(kitArb, { minLength: 1, maxLength: 3 }),
        (rawJobs, rawKits) => {
          const jobs = makeJobs(rawJobs.map(([j]) => j)).map((j, i) => ({
            ...j,
            kit_id: rawJobs[i]![1],
          }));
          const kits = makeKits(rawKits);
          const result = assignKitsPathCover(jobs, kits);
          const best = bruteForcePinned(jobs, kits);
          statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
          checkRoutes(jobs, kits, result);
          // Never better than the optimum.
          expect(result.covered).toBeLessThanOrEqual(best.covered);
          if (result.covered === best.covered)
            expect(result.total_miles).toBeGreaterThanOrEqual(best.miles - 1e-6);
          if (result.status === 'optimal') {
            expect(result.covered).toBe(best.covered);
            expect(result.total_miles).toBeCloseTo(best.miles, 6);
          }
          // The bound never claims more than is possible.
          expect(result.bound.covered).toBeGreaterThanOrEqual(best.covered);
          if (result.bound.covered === best.covered)
            expect(result.bound.miles).toBeLessThanOrEqual(best.miles + 1e-6);
        },
      ),
      { seed: 7, numRuns: 400 },
    );
    // Both paths ran: the flow's own answer and the completion by parts.
    expect(statuses.get('optimal')).toBeGreaterThan(0);
    expect(statuses.get('feasible')).toBeGreaterThan(0);
  });

  it.each(['relabel', 'repair', 'hold-straight', 'straight'] as const)(
    'with pins, completing the cover by %s alone: feasible and never better than brute force',
    (way) => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(jobArb, fc.constantFrom(null, null, 'k0', 'k1', 'k2')), {
            minLength: 2,
            maxLength: 6,
          }),
          fc.array(kitArb, { minLength: 2, maxLength: 3 }),
          (rawJobs, rawKits) => {
            const jobs = makeJobs(rawJobs.map(([j]) => j)).map((j, i) => ({
              ...j,
              kit_id: rawJobs[i]![1],
            }));
            const kits = makeKits(rawKits);
            const result = assignKitsPathCover(jobs, kits, [way]);
            const best = bruteForcePinned(jobs, kits);
            checkRoutes(jobs, kits, result);
            expect(result.covered).toBeLessThanOrEqual(best.covered);
            if (result.covered === best.covered)
              expect(result.total_miles).toBeGreaterThanOrEqual(best.miles - 1e-6);
          },
        ),
        { seed: 11, numRuns: 300 },
      );
    },
  );

  it('a kit pinned late in the season still takes the free jobs before its pin', () => {
    // One kit; its only pin is on the 20th. Kept to "free after its last pin", it sat idle before it.
    const near = { lat: 40, lon: -74 };
    const jobs: KitCoverJob[] = [
      { id: 'a', start: '2027-01-01', end: '2027-01-02', ...near, zip: 'a' },
      { id: 'b', start: '2027-01-05', end: '2027-01-06', ...near, zip: 'b' },
      { id: 'c', start: '2027-01-10', end: '2027-01-10', ...near, zip: 'c' },
      { id: 'p', start: '2027-01-20', end: '2027-01-21', ...near, zip: 'p', kit_id: 'k1' },
    ];
    const kits: KitCoverKit[] = [{ id: 'k1', ...near, zip: 'h', is_out_for_maintenance: false }];
    const result = assignKitsPathCover(jobs, kits);
    expect(result.status).toBe('optimal');
    expect(result.covered).toBe(4);
    expect(result.assignments.find((a) => a.job_id === 'p')?.kit_location).toBe('c');
    expect(result.bound).toEqual({ covered: 4, miles: result.total_miles });
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
    // k1 is the only kit that travels: its route through p, q and then f is the only one.
    expect(result.status).toBe('optimal');
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
