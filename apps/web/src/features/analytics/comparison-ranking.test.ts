import { describe, expect, it } from 'vitest';
import type { AlgorithmRunResult } from '@meridian/contracts';
import { rankResults, recommend } from './comparison-ranking';
import { outcomeWords } from './run-figures';

const stats = (min: number, max: number, std: number) => ({
  mean: (min + max) / 2,
  std,
  min,
  max,
  variance: std * std,
  is_imbalanced: false,
});

const run = (
  algorithm: AlgorithmRunResult['algorithm'],
  f: number,
  ms: number,
  status: AlgorithmRunResult['status'] = 'timeout',
): AlgorithmRunResult => ({
  algorithm,
  total_distance: 105_831.4,
  workload_stats: { lead: stats(8, 12, 1.26), data_acq: stats(5, 20, 3.14) },
  summary: 'words',
  error: null,
  status,
  objective_total: f,
  filled_slots: 625,
  total_slots: 1200,
  elapsed_ms: ms,
});

const failed = (algorithm: AlgorithmRunResult['algorithm']): AlgorithmRunResult => ({
  ...run(algorithm, 0, 0),
  total_distance: null,
  workload_stats: null,
  summary: null,
  error: 'The algorithm failed; the details are in the server log.',
  status: null,
  objective_total: null,
  filled_slots: null,
  total_slots: null,
  elapsed_ms: null,
});

const keys = (results: readonly AlgorithmRunResult[]) => results.map((r) => r.algorithm);

describe('rankResults', () => {
  it('ranks by F, lower first, equal F (to the tenth shown) by time, failures last', () => {
    const ranked = rankResults([
      failed('drl'),
      run('ts', 575_000_765.4, 2400),
      run('alns', 575_000_759.74, 2400),
      run('ga', 575_000_759.66, 2200),
      failed('aco'),
      run('heuristic', 575_000_810.5, 100, 'feasible'),
    ]);
    expect(keys(ranked)).toEqual(['ga', 'alns', 'ts', 'heuristic', 'aco', 'drl']);
  });
});

describe('recommend', () => {
  it('names the one with the lowest F, its plan in figures and its gap to the next', () => {
    const best = recommend(
      rankResults([run('ts', 765.4, 2400), run('alns', 759.7, 2400, 'optimal')]),
    )!;
    expect(best.algorithm).toBe('alns');
    expect(best.tied).toEqual(['alns']);
    expect(best.plan).toBe(
      '625 of 1,200 slots filled, 105,831 mi; jobs a person: lead 8 to 12 (σ 1.3), data acq 5 to 20 (σ 3.1).',
    );
    expect(best.why).toBe(
      'It has the lowest F, 759.7. The next best, Tabu Search, has an F 5.7 higher. It proved its plan optimal: no plan has a lower F.',
    );
  });

  it('says when several reach the same F, and that the fastest of them is recommended', () => {
    const best = recommend(
      rankResults([
        run('mcmc_sa', 759.7, 2700),
        run('ga', 759.66, 2200),
        run('alns', 759.74, 2400),
        run('ts', 760.0, 900),
      ]),
    )!;
    expect(best.algorithm).toBe('ga');
    expect(best.tied).toEqual(['ga', 'alns', 'mcmc_sa']);
    expect(best.why).toBe(
      '3 algorithms reach the same lowest F, 759.7: Genetic Algorithm, Adaptive Large Neighbourhood Search and Simulated Annealing (MCMC). Genetic Algorithm took the least time of them (2.2 s). The next best, Tabu Search, has an F 0.3 higher.',
    );
  });

  it('recommends nothing when nothing ran, and the one that ran alone', () => {
    expect(recommend(rankResults([failed('drl')]))).toBeNull();
    expect(recommend(rankResults([failed('drl'), run('heuristic', 810.5, 100)]))!.why).toBe(
      'It is the only algorithm that ran; its F is 810.5.',
    );
  });
});

describe('outcomeWords', () => {
  it('says how a run ended in words, never the status code', () => {
    expect(outcomeWords(run('ts', 1, 2400))).toBe('Used its full time, 2.4 s');
    expect(outcomeWords(run('heuristic', 1, 100, 'feasible'))).toBe('Finished early, 0.1 s');
    expect(outcomeWords(run('milp', 1, 900, 'optimal'))).toBe('Proved optimal, 0.9 s');
    expect(outcomeWords(failed('drl'))).toMatch(/failed/);
  });
});
