import { haversineMiles, rangesOverlap } from '@meridian/domain';
import type { Instance } from '@meridian/domain';
import { describe, expect, it } from 'vitest';
import { generateInstance } from '../bench/generate';
import { compileInstance, jobOverlaps, slotCandidates } from '../src/core/compile';
import { randomInstance } from './fixtures';

/**
 * The compiled tables against the model read directly from the instance: the
 * evaluator's miles, leave by ISO date ranges, candidates sorted by a
 * comparator and overlaps by all pairs. The compiler builds the same tables
 * with prefix counts, a merge sort and a sweep; these must agree exactly.
 */
function expectTablesMatchTheModel(instance: Instance): void {
  const c = compileInstance(instance);
  const { jobs, physicists } = instance;
  const P = physicists.length;
  jobs.forEach((job, j) => {
    const hasCoords = job.lat != null && job.lon != null;
    physicists.forEach((p, i) => {
      const miles = hasCoords ? haversineMiles(p.lat, p.lon, job.lat!, job.lon!) : 0;
      expect(Object.is(c.distance[j * P + i], miles)).toBe(true);
      const away = p.unavailable.some((r) => rangesOverlap(job.start, job.end, r.start, r.end));
      expect(c.eligible[j * P + i]).toBe(hasCoords && !away ? 1 : 0);
    });
    for (const role of [0, 1]) {
      const expected = physicists
        .map((_, i) => i)
        .filter((i) => c.eligible[j * P + i] === 1 && c.physicistRole[i] === role)
        .sort((a, b) => c.distance[j * P + a]! - c.distance[j * P + b]! || a - b);
      expect(Array.from(slotCandidates(c, 2 * j + role))).toEqual(expected);
    }
    const overlapping = jobs
      .map((_, k) => k)
      .filter((k) => k !== j && rangesOverlap(job.start, job.end, jobs[k]!.start, jobs[k]!.end));
    expect(Array.from(jobOverlaps(c, j))).toEqual(overlapping);
  });
}

describe('compileInstance', () => {
  it('builds the tables the model defines on small random instances', () => {
    for (let seed = 1; seed <= 12; seed++) expectTablesMatchTheModel(randomInstance(seed, 40, 10));
  });

  it('does so on a bench instance, and with more candidates per job than one insertion-sorted run', () => {
    expectTablesMatchTheModel(generateInstance(1, 150, 20));
    expectTablesMatchTheModel(generateInstance(2, 60, 200));
  });

  it('builds them alike for jobs at one point with different leave (tables built per point)', () => {
    // A year's shape in small: many jobs at each customer's site, everyone with annual leave.
    const instance = generateInstance(4, 240, 24, {
      weeks: 12,
      leave: 'annual',
      pinnedShare: 0.03,
    });
    const points = new Set(instance.jobs.map((j) => `${j.lat},${j.lon}`));
    expect(points.size).toBeLessThan(instance.jobs.length * 0.7);
    expectTablesMatchTheModel(instance);
  });

  it('orders candidates at equal distance by index', () => {
    // Physicists sharing a home are equally far from every job: the tie-break decides.
    for (const instance of [randomInstance(4, 30, 12, 0), generateInstance(3, 40, 200)]) {
      const { physicists } = instance;
      for (let i = 2; i < physicists.length; i++) {
        const twin = physicists[i - 2]!;
        if (i % 3 !== 0) Object.assign(physicists[i]!, { lat: twin.lat, lon: twin.lon });
      }
      expectTablesMatchTheModel(instance);
    }
  });

  it('counts leave that starts before or ends after the horizon', () => {
    const instance = randomInstance(3, 20, 6, 0);
    const first = instance.jobs.reduce((m, j) => (j.start < m ? j.start : m), '9999-12-31');
    const last = instance.jobs.reduce((m, j) => (j.end > m ? j.end : m), '0000-01-01');
    instance.physicists[0]!.unavailable = [{ start: '2020-01-01', end: first }];
    instance.physicists[1]!.unavailable = [{ start: last, end: '2030-12-31' }];
    instance.physicists[2]!.unavailable = [{ start: '2020-01-01', end: '2030-12-31' }];
    expectTablesMatchTheModel(instance);
    const c = compileInstance(instance);
    expect(slotCandidates(c, 2 * 1).includes(2) || slotCandidates(c, 2 * 1 + 1).includes(2)).toBe(
      false,
    );
  });
});
