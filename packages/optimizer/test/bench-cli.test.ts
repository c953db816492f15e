import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BenchArgsError, parseBenchArgs } from '../bench/bench-args';
import { BENCH_HEADER, benchReference, benchTable } from '../bench/bench-table';
import type { BenchRow } from '../bench/bench-table';
import { YEAR_PRESET, generateInstance } from '../bench/generate';
import { RECORDED_OPTIMA, recordedOptimum } from '../bench/reference-optima';

const row = (
  algorithm: BenchRow['algorithm'],
  status: string,
  total: number,
  bound?: number,
): BenchRow => ({
  size: '10x4',
  algorithm,
  status,
  total,
  unassigned: Math.floor(total / 1e6),
  miles: 1000,
  balance: 2,
  rotation: 1,
  ...(bound !== undefined ? { bound } : {}),
  ms: 1234,
  violations: 0,
});

describe('bench arguments', () => {
  it('reads sizes, limit, seed and keys', () => {
    const args = parseBenchArgs([
      '--algorithms',
      'ils,milp',
      '--sizes',
      '20x4,30x6',
      '--time-limit',
      '2.5',
      '--seed',
      '3',
      '--time-limit-for',
      'milp=60, cp_sat=20',
    ]);
    expect(args).toMatchObject({
      algorithms: ['ils', 'milp'],
      sizes: [
        { label: '20x4', jobs: 20, physicists: 4 },
        { label: '30x6', jobs: 30, physicists: 6 },
      ],
      timeLimitMs: 2500,
      timeLimitMsFor: { milp: 60_000, cp_sat: 20_000 },
      seed: 3,
      help: false,
    });
    expect(parseBenchArgs(['--help']).help).toBe(true);
    expect(parseBenchArgs([]).timeLimitMsFor).toEqual({});
    const year = parseBenchArgs(['--sizes', '150x20,year', '--size-time-limit', 'year=60']);
    expect(year.sizes[1]).toMatchObject({ label: 'year', jobs: 4000, physicists: 160 });
    expect(year.sizes[1]!.options).toMatchObject({ weeks: 52, leave: 'annual', pinnedShare: 0.03 });
    expect(year.timeLimitMsForSize).toEqual({ year: 60_000 });
  });

  it.each([
    [['--sizes', 'abc'], "--sizes: 'abc' is not JOBSxPHYSICISTS"],
    [['--time-limit', 'abc'], "--time-limit: 'abc' is not a positive number"],
    [['--time-limit', '-1'], "--time-limit: '-1' is not a positive number"],
    [['--time-limit', '0'], "--time-limit: '0' is not a positive number"],
    [['--seed', '1.5'], "--seed: '1.5' is not a non-negative integer"],
    [['--algorithms', 'magic'], "unknown algorithm 'magic'"],
    [['--time-limit-for', 'magic=60'], "--time-limit-for: 'magic=60' does not start"],
    [['--time-limit-for', 'milp'], "--time-limit-for: 'milp' is not KEY=positive seconds"],
    [['--time-limit-for', 'milp=-5'], "--time-limit-for: 'milp=-5' is not KEY=positive"],
    [['--nope'], "Unknown option '--nope'"],
    [['--size-time-limit', 'year=60'], "--size-time-limit: 'year=60' is not SIZE=positive"],
    [['--preferences', '10%'], "--preferences: '10%' is not a share of days from 0 to 1"],
    [['--preferences', '1.5'], "--preferences: '1.5' is not a share of days from 0 to 1"],
  ])('rejects %j in one line', (args, words) => {
    let error: unknown;
    try {
      parseBenchArgs(args);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BenchArgsError);
    expect((error as Error).message).toContain(words);
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('bench preferences', () => {
  it('gives every physicist that share of the days, and leaves the rest of the instance as it was', () => {
    expect(parseBenchArgs(['--preferences', '0.1']).preferences).toBe(0.1);
    expect(parseBenchArgs([]).preferences).toBeUndefined();
    const plain = generateInstance(1, 150, 20);
    const asked = generateInstance(1, 150, 20, { preferences: 0.1 });
    // Everything but the preferences is drawn exactly as before (recorded optima stay valid).
    expect(asked.jobs).toEqual(plain.jobs);
    expect(asked.physicists.map(({ avoid_dates: _, ...p }) => p)).toEqual(plain.physicists);
    expect(recordedOptimum('150x20', 1, plain)).toBeDefined();
    const first = Math.min(...plain.jobs.map((j) => Date.parse(j.start)));
    const last = Math.max(...plain.jobs.map((j) => Date.parse(j.end)));
    const span = (last - first) / 86_400_000 + 1;
    for (const p of asked.physicists) {
      const days = p.avoid_dates!;
      expect(new Set(days).size).toBe(days.length);
      // 10% of the generator's horizon, which the jobs' span follows within a few days.
      expect(days.length / span).toBeGreaterThan(0.08);
      expect(days.length / span).toBeLessThan(0.12);
    }
  });
});

describe('bench table', () => {
  it('names its reference: a proven optimum, else the best bound, else the best known F', () => {
    expect(benchReference([row('ils', 'feasible', 120), row('milp', 'optimal', 100, 100)])).toEqual(
      { value: 100, name: 'optimum (milp)' },
    );
    expect(benchReference([row('ils', 'feasible', 120), row('milp', 'timeout', 130, 90)])).toEqual({
      value: 90,
      name: 'bound (milp)',
    });
    // A bound of coverage only (1e6 * U, nothing on the rest) is no scale for a gap.
    expect(
      benchReference([
        row('ils', 'feasible', 1_000_120),
        row('milp', 'timeout', 1_000_130, 1_000_000),
      ]),
    ).toEqual({ value: 1_000_120, name: 'best known (ils)' });
  });

  it('takes an optimum recorded for the instance when no run proves one, and a proof of its own before it', () => {
    const known = { value: 95, by: 'milp, 2700 s' };
    expect(benchReference([row('milp', 'timeout', 130, 90)], known)).toEqual({
      value: 95,
      name: 'optimum (recorded: milp, 2700 s)',
    });
    expect(benchReference([row('milp', 'optimal', 100, 100)], known)).toEqual({
      value: 100,
      name: 'optimum (milp)',
    });
    const table = benchTable([row('ils', 'feasible', 1_000_120)], {
      '10x4': { value: 1_000_100, by: 'milp, 2700 s' },
    });
    expect(table).toContain('| 20.00% | optimum (recorded: milp, 2700 s) |');
  });

  it('uses a recorded optimum only for the instance it was proven on', () => {
    // The generator still makes the instances the optima were proven on (else: prove them again).
    const year = generateInstance(1, YEAR_PRESET.jobs, YEAR_PRESET.physicists, YEAR_PRESET.options);
    expect(recordedOptimum('year', 1, year)?.value).toBe(96004863.73076218);
    expect(recordedOptimum('1000x80', 1, generateInstance(1, 1000, 80))?.value).toBe(
      32001728.260711905,
    );
    // Another seed, or another size's optimum, is not this instance's.
    expect(recordedOptimum('1000x80', 2, generateInstance(2, 1000, 80))).toBeUndefined();
    expect(recordedOptimum('150x20', 1, generateInstance(1, 1000, 80))).toBeUndefined();
    expect(RECORDED_OPTIMA.every((r) => /^[0-9a-f]{64}$/.test(r.sha256))).toBe(true);
  });

  it("has every column of the docs' table, the bound among them", () => {
    const table = benchTable([
      {
        ...row('ils', 'feasible', 1_000_120),
        peakRssMb: 91.4,
        iterations: { count: 600, what: 'iterations' },
        evaluatorAgrees: true,
      },
      { ...row('milp', 'optimal', 1_000_100, 1_000_100), evaluatorAgrees: false },
      {
        ...row('drl', 'feasible', 1_000_110),
        ilsSamePolish: { total: 1_000_105, polishMs: 2500, derived: true },
      },
    ]);
    const lines = table.trim().split('\n');
    expect(lines[0]).toBe(BENCH_HEADER);
    expect(lines[0]).toContain('| ref | bound |');
    expect(lines[2]).toBe(
      '| 10x4 | ils | feasible | 1000120.0 | 1 | 20.00% | optimum (milp) | - | 1.23 | 91 | 600 iterations | 0 | yes |  |',
    );
    expect(lines[3]).toBe(
      '| 10x4 | milp | optimal | 1000100.0 | 1 | 0.00% | optimum (milp) | 1000100.0 | 1.23 | - | - | 0 | NO |  |',
    );
    expect(lines[4]).toBe(
      '| 10x4 | drl | feasible | 1000110.0 | 1 | 10.00% | optimum (milp) | - | 1.23 | - | - | 0 | - | 1000105.0 (5.00%) in 2.50 s (derived) |',
    );
    expect(lines.every((l) => l.split('|').length === 16)).toBe(true);
  });
});

describe('bench program', () => {
  const run = promisify(execFile);
  const bench = async (...args: string[]) => {
    try {
      // As `npm run bench` runs it: the built program, plain node (the global setup builds it).
      const out = await run(
        process.execPath,
        ['packages/optimizer/scripts/run-built.mjs', 'bench/bench', ...args],
        { cwd: join(import.meta.dirname, '../../..') },
      );
      return { code: 0, ...out };
    } catch (error) {
      return error as { code: number; stdout: string; stderr: string };
    }
  };

  it('prints its usage for --help and a one-line error, without a stack trace, for a bad size', async () => {
    const help = await bench('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run bench -- /);
    const bad = await bench('--sizes', 'abc');
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toEqual([
      "bench: --sizes: 'abc' is not JOBSxPHYSICISTS or year (e.g. 150x20, at least 1 job and 2 physicists) (npm run bench -- --help)",
    ]);
  });
});
