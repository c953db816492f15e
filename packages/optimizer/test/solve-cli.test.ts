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
    const { stdout, stderr } = await run(
      'npx',
      ['tsx', 'packages/optimizer/bin/solve.ts', ...args],
      {
        cwd: join(import.meta.dirname, '../../..'),
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};
const oneLine = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('solve:'));

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
    };
    expect(parsed.status).toBe('feasible');
    expect(parsed.assignments[0]!.lead_id).toBeNull(); // no usable zip: never assigned
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
  ])('rejects %s with one line and a non-zero exit', async (_name, args, words) => {
    const result = await solve(...args);
    expect(result.code).not.toBe(0);
    expect(oneLine(result.stderr)).toHaveLength(1);
    expect(oneLine(result.stderr)[0]).toContain(words);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
