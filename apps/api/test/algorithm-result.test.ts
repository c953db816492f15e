// A comparison's workload counts jobs per physicist name. Names come from the
// roster upload, so a name such as "__proto__" or "constructor" must count like
// any other (a plain object lost the first and broke on the second).
import type { Instance } from '@meridian/domain';
import type { SolveResult } from '@meridian/optimizer';
import { describe, expect, it } from 'vitest';
import { algorithmResult, workloadOf } from '../src/kinds/algorithm-result';

const physicists = [
  { id: 1, name: '__proto__', role: 'lead', home_zip: '10001' },
  { id: 2, name: 'constructor', role: 'dataacq', home_zip: '10001' },
  { id: 3, name: 'Ada Grant', role: 'lead', home_zip: '10001' },
] as const;

const instance = { jobs: [{}, {}], physicists } as unknown as Instance;

const result = {
  algorithm: 'heuristic',
  status: 'feasible',
  assignments: [
    { job_id: 1, lead_id: 1, data_acq_id: 2 },
    { job_id: 2, lead_id: 1, data_acq_id: 2 },
  ],
  objective: { distance_miles: 10, unassigned: 0, total: 1 },
  elapsed_ms: 5,
  stats: {},
} as unknown as SolveResult;

describe('workload by physicist name', () => {
  it('keeps names that are also Object.prototype members as own counts', () => {
    const workload = workloadOf(instance, result);
    expect(Object.keys(workload).sort()).toEqual(['Ada Grant', '__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(workload, '__proto__')?.value).toBe(2);
    expect(workload.constructor).toBe(2);
    expect(workload['Ada Grant']).toBe(0);
  });

  it('computes the lead variance from those counts (2 and 0 jobs: variance 1)', () => {
    expect(algorithmResult(instance, result).workload_stats?.lead.variance).toBe(1);
  });

  it('reports the spread of each role, filled slots, F and the status in words', () => {
    const reported = algorithmResult(instance, result);
    expect(reported.workload_stats?.lead).toMatchObject({ min: 0, max: 2, mean: 1, std: 1 });
    expect(reported).toMatchObject({
      status: 'feasible',
      filled_slots: 4,
      total_slots: 4,
      objective_total: 1,
      elapsed_ms: 5,
    });
    expect(reported.summary).toBe('Finished early (0.0 s): 4 of 4 slots filled, 10 mi, F = 1.0');
    const timedOut = algorithmResult(instance, {
      ...result,
      status: 'timeout',
      elapsed_ms: 2400,
      objective: { ...result.objective, unassigned: 1 },
    });
    expect(timedOut.summary).toBe(
      'Used its full time (2.4 s): 3 of 4 slots filled, 10 mi, F = 1.0',
    );
    expect(timedOut.summary).not.toContain('timeout');
  });
});
