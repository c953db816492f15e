import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { randomInstance } from './fixtures';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'solve-cli-'));
const write = (name: string, content: unknown) => {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};
const solve = async (...args: string[]) => {
  try {
    // As `npm run solve` runs it: the built program, plain node (the global setup builds it).
    const { stdout, stderr } = await run(
      process.execPath,
      ['packages/optimizer/scripts/run-built.mjs', 'bin/solve', ...args],
      { cwd: join(import.meta.dirname, '../../..') },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};
/** Every non-empty line of stderr (a one-line error must be the only one). */
const oneLine = (stderr: string) => stderr.split('\n').filter((l) => l.trim() !== '');

describe('solve CLI', () => {
  it('solves a file with zips instead of lat/lon and writes the result JSON', async () => {
    const instance = randomInstance(1, 12, 4, 0);
    const raw = {
      ...instance,
      physicists: instance.physicists.map(({ lat: _a, lon: _b, ...p }, i) => ({
        ...p,
        home_zip: ['10001', '60601', '94103', '77002'][i],
      })),
      jobs: instance.jobs.map(({ lat: _a, lon: _b, ...j }, i) => ({
        ...j,
        zip_code: i === 0 ? 'n/a' : '19104',
      })),
    };
    const out = join(dir, 'result.json');
    const result = await solve(
      '--instance',
      write('zips.json', raw),
      '--algorithm',
      'heuristic',
      '--out',
      out,
    );
    expect(result.code).toBe(0);
    const parsed = JSON.parse(
      await import('node:fs').then((fs) => fs.readFileSync(out, 'utf8')),
    ) as {
      status: string;
      objective: { unassigned: number };
      assignments: { job_id: string; lead_id: string | null }[];
      stats: { jobs_without_coordinates: string[] };
    };
    expect(parsed.status).toBe('feasible');
    expect(parsed.assignments[0]!.lead_id).toBeNull(); // no usable zip: never assigned
    // Reported, not dropped silently: in the result's stats and in one note on stderr.
    expect(parsed.stats.jobs_without_coordinates).toEqual(['j0']);
    expect(oneLine(result.stderr)).toEqual([
      'solve: note: 1 job has no usable coordinates, so nobody was assigned (its slots count as empty): j0',
    ]);
  });

  it('replays a capped run: the same F and iterations under a 30 s and a 90 s limit', async () => {
    const file = write('replay.json', randomInstance(4, 40, 10, 2));
    const run = async (seconds: string) => {
      const result = await solve(
        ...['--instance', file, '--algorithm', 'mcmc_sa', '--seed', '9'],
        ...['--max-iterations', '30000', '--time-limit', seconds],
      );
      expect(result.code).toBe(0);
      return JSON.parse(result.stdout) as {
        status: string;
        objective: { total: number };
        stats: { iterations: number; iteration_unit: string };
      };
    };
    const [short, long] = [await run('30'), await run('90')];
    // The cap, not the clock, ended both runs, and the cooling followed the count.
    expect(short.status).toBe('feasible');
    expect(short.stats.iterations).toBe(30_000);
    expect(short.stats.iteration_unit).toMatch(/^proposal/);
    expect(long.stats.iterations).toBe(30_000);
    expect(long.objective.total).toBe(short.objective.total);
  });

  it('resolves a zip where lat and lon are null', async () => {
    const instance = randomInstance(2, 6, 4, 0);
    const raw = {
      ...instance,
      physicists: instance.physicists.map((p, i) => ({
        ...p,
        ...(i === 0 ? { lat: null, lon: null, home_zip: '19103' } : {}),
      })),
      jobs: instance.jobs.map((j) => ({ ...j, lat: null, lon: null, zip_code: '19104' })),
    };
    const result = await solve('--instance', write('nulls.json', raw), '--algorithm', 'heuristic');
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as {
      assignments: { lead_id: string | null }[];
      stats: { jobs_without_coordinates: string[] };
    };
    // Every job is in Philadelphia by its zip; p0 (a lead) lives there by its zip.
    expect(parsed.stats.jobs_without_coordinates).toEqual([]);
    expect(parsed.assignments.filter((a) => a.lead_id !== null).length).toBeGreaterThan(0);
    expect(oneLine(result.stderr)).toEqual([]);
  });

  it.each([
    [
      'an unreadable file',
      ['--instance', '/nonexistent/x.json', '--algorithm', 'heuristic'],
      'cannot read',
    ],
    [
      'bad JSON',
      ['--instance', write('bad.json', '{ nope'), '--algorithm', 'heuristic'],
      'not valid JSON',
    ],
    [
      'an unknown algorithm',
      ['--instance', write('ok.json', randomInstance(1, 5, 4, 0)), '--algorithm', 'magic'],
      "unknown algorithm 'magic'",
    ],
    [
      'a malformed instance',
      [
        '--instance',
        write('m.json', { weights: {}, physicists: [], jobs: [] }),
        '--algorithm',
        'heuristic',
      ],
      'instance.weights.job_balance',
    ],
    [
      'end before start',
      [
        '--instance',
        write('e.json', {
          ...randomInstance(1, 5, 4, 0),
          jobs: [
            { ...randomInstance(1, 5, 4, 0).jobs[1]!, start: '2027-03-09', end: '2027-03-02' },
          ],
        }),
        '--algorithm',
        'heuristic',
      ],
      'jobs[0].end',
    ],
    [
      'an unknown pinned id',
      [
        '--instance',
        write('p.json', {
          ...randomInstance(1, 5, 4, 0),
          jobs: [{ ...randomInstance(1, 5, 4, 0).jobs[1]!, lead_id: 'ghost' }],
        }),
        '--algorithm',
        'heuristic',
      ],
      'unknown physicist ghost',
    ],
    [
      'a negative time limit',
      [
        '--instance',
        write('t.json', randomInstance(1, 5, 4, 0)),
        '--algorithm',
        'heuristic',
        '--time-limit',
        '-1',
      ],
      '--time-limit must be a positive number',
    ],
    [
      'a time limit that is not a number',
      [
        '--instance',
        write('t2.json', randomInstance(1, 5, 4, 0)),
        '--algorithm',
        'heuristic',
        '--time-limit',
        'abc',
      ],
      '--time-limit must be a positive number',
    ],
    [
      'a negative iteration cap',
      [
        '--instance',
        write('t4.json', randomInstance(1, 5, 4, 0)),
        '--algorithm',
        'ils',
        '--max-iterations',
        '-3',
      ],
      '--max-iterations must be a non-negative integer',
    ],
    [
      'an option without its value',
      ['--instance', write('t3.json', randomInstance(1, 5, 4, 0)), '--algorithm'],
      "Option '--algorithm <value>' argument missing",
    ],
  ])('rejects %s with one line and a non-zero exit', async (_name, args, words) => {
    const result = await solve(...args);
    expect(result.code).not.toBe(0);
    expect(oneLine(result.stderr)).toHaveLength(1);
    expect(oneLine(result.stderr)[0]).toContain(words);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
