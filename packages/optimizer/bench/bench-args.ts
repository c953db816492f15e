import { parseArgs } from 'node:util';
import { ALGORITHMS, isAlgorithmKey } from '@meridian/domain';
import type { AlgorithmKey } from '@meridian/domain';
import { YEAR_PRESET } from './generate';
import type { GenerateOptions } from './generate';

/** One instance size of the bench: JOBSxPHYSICISTS, or the year preset. */
export interface BenchSize {
  readonly label: string;
  readonly jobs: number;
  readonly physicists: number;
  readonly options?: GenerateOptions;
}

export const BENCH_USAGE = `usage: npm run bench -- [--algorithms KEY,KEY] [--sizes JOBSxPHYSICISTS|year,...] [--time-limit SECONDS] [--time-limit-for KEY=SECONDS,...] [--size-time-limit SIZE=SECONDS,...] [--seed N] [--json FILE]

Solves generated instances (bench/generate.ts) with each algorithm in a child
process of its own (solve() on a worker thread there) and prints a markdown
table: status, F, U, the gap to the size's reference, the reference (a proven
optimum, else one recorded for that instance in bench/reference-optima.ts,
else the best proven bound, else the best known F), each method's
bound, time, the child process's peak RSS (every thread of the run: solve
worker, portfolio member, or HiGHS), iterations, hard-constraint
violations and whether F equals the domain evaluator's recomputation. Beside
each learned key: ILS run from heuristic's solution for the learned key's
polish time.

  --algorithms  comma-separated keys (default: all): ${ALGORITHMS.map((a) => a.key).join(', ')}
  --sizes       comma-separated JOBSxPHYSICISTS or year (4,000 x 160 over 52 weeks,
                annual leave, 3% pinned) (default: 150x20,400x40,1000x80)
  --time-limit  seconds per run (default: 10)
  --time-limit-for  seconds for some algorithms instead, e.g. milp=60 (comma-separated)
  --size-time-limit  seconds for every algorithm not named in --time-limit-for on
                some sizes, e.g. 1000x80=20,year=60
  --preferences  share of the horizon's days (0 to 1, e.g. 0.1) every physicist asks to
                avoid (the preference term P); default: no preferences
  --seed        instance and solver seed, a non-negative integer (default: 1)
  --json        also write the rows to FILE
  --help        this text

npm run bench -- --replan --help: the replanning table (planning over time).`;

/** What one bench run is asked to do. */
export interface BenchArgs {
  readonly help: boolean;
  readonly algorithms: AlgorithmKey[];
  readonly sizes: BenchSize[];
  readonly timeLimitMs: number;
  /** Per-algorithm limits that replace timeLimitMs (e.g. milp at 60 s beside 10 s for the rest). */
  readonly timeLimitMsFor: Partial<Record<AlgorithmKey, number>>;
  /** Per-size limits (by label) that replace timeLimitMs, but not timeLimitMsFor. */
  readonly timeLimitMsForSize: Record<string, number>;
  readonly seed: number;
  /** Share of days every physicist asks to avoid (GenerateOptions.preferences), if any. */
  readonly preferences?: number;
  readonly json?: string;
}

/** A bad command line: its message is one line naming the problem. */
export class BenchArgsError extends Error {}

/** `--time-limit -1` as `--time-limit=-1`, so that it is judged as a number (parseArgs calls it ambiguous). */
function joinNegativeValues(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const next = args[i + 1];
    if (args[i]!.startsWith('--') && next !== undefined && /^-\.?\d/.test(next)) {
      out.push(`${args[i]}=${next}`);
      i++;
    } else out.push(args[i]!);
  }
  return out;
}

/** Parses and checks the bench's arguments; throws BenchArgsError on anything it cannot run. */
export function parseBenchArgs(args: readonly string[]): BenchArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: joinNegativeValues(args),
      options: {
        algorithms: { type: 'string' },
        sizes: { type: 'string', default: '150x20,400x40,1000x80' },
        'time-limit': { type: 'string', default: '10' },
        'time-limit-for': { type: 'string', default: '' },
        'size-time-limit': { type: 'string', default: '' },
        seed: { type: 'string', default: '1' },
        preferences: { type: 'string' },
        json: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    // parseArgs explains some errors over several lines; the first says what is wrong.
    throw new BenchArgsError((error as Error).message.split('\n')[0]);
  }
  const algorithms = (values.algorithms?.split(',') ?? ALGORITHMS.map((a) => a.key)).map((key) => {
    if (!isAlgorithmKey(key)) throw new BenchArgsError(`unknown algorithm '${key}'`);
    return key;
  });
  const sizes = values.sizes.split(',').map((size): BenchSize => {
    if (size.trim() === 'year')
      return {
        label: 'year',
        jobs: YEAR_PRESET.jobs,
        physicists: YEAR_PRESET.physicists,
        options: YEAR_PRESET.options,
      };
    const match = /^(\d+)x(\d+)$/.exec(size.trim());
    const jobs = Number(match?.[1]);
    const physicists = Number(match?.[2]);
    if (!match || jobs < 1 || physicists < 2)
      throw new BenchArgsError(
        `--sizes: '${size}' is not JOBSxPHYSICISTS or year (e.g. 150x20, at least 1 job and 2 physicists)`,
      );
    return { label: `${jobs}x${physicists}`, jobs, physicists };
  });
  const seconds = Number(values['time-limit']);
  if (values['time-limit'].trim() === '' || !Number.isFinite(seconds) || seconds <= 0)
    throw new BenchArgsError(
      `--time-limit: '${values['time-limit']}' is not a positive number of seconds`,
    );
  const timeLimitMsFor: Partial<Record<AlgorithmKey, number>> = {};
  for (const item of values['time-limit-for'].split(',').filter((x) => x.trim() !== '')) {
    const [key = '', value = ''] = item.split('=').map((part) => part.trim());
    if (!isAlgorithmKey(key))
      throw new BenchArgsError(`--time-limit-for: '${item}' does not start with an algorithm key`);
    const limit = Number(value);
    if (value === '' || !Number.isFinite(limit) || limit <= 0)
      throw new BenchArgsError(`--time-limit-for: '${item}' is not KEY=positive seconds`);
    timeLimitMsFor[key] = limit * 1000;
  }
  const timeLimitMsForSize: Record<string, number> = {};
  for (const item of values['size-time-limit'].split(',').filter((x) => x.trim() !== '')) {
    const [label = '', value = ''] = item.split('=').map((part) => part.trim());
    const limit = Number(value);
    if (
      !sizes.some((s) => s.label === label) ||
      value === '' ||
      !Number.isFinite(limit) ||
      limit <= 0
    )
      throw new BenchArgsError(
        `--size-time-limit: '${item}' is not SIZE=positive seconds for a size in --sizes`,
      );
    timeLimitMsForSize[label] = limit * 1000;
  }
  const seed = Number(values.seed);
  if (values.seed.trim() === '' || !Number.isInteger(seed) || seed < 0)
    throw new BenchArgsError(`--seed: '${values.seed}' is not a non-negative integer`);
  const preferences = values.preferences === undefined ? undefined : Number(values.preferences);
  if (
    preferences !== undefined &&
    (values.preferences!.trim() === '' ||
      !Number.isFinite(preferences) ||
      preferences < 0 ||
      preferences > 1)
  )
    throw new BenchArgsError(
      `--preferences: '${values.preferences}' is not a share of days from 0 to 1 (e.g. 0.1)`,
    );
  return {
    help: values.help,
    algorithms,
    sizes,
    timeLimitMs: seconds * 1000,
    timeLimitMsFor,
    timeLimitMsForSize,
    seed,
    ...(preferences !== undefined ? { preferences } : {}),
    ...(values.json !== undefined ? { json: values.json } : {}),
  };
}
