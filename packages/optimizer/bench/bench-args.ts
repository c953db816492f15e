import { parseArgs } from 'node:util';
import { ALGORITHMS, isAlgorithmKey } from '@meridian/domain';
import type { AlgorithmKey } from '@meridian/domain';

export const BENCH_USAGE = `usage: npm run bench -- [--algorithms KEY,KEY] [--sizes JOBSxPHYSICISTS,...] [--time-limit SECONDS] [--time-limit-for KEY=SECONDS,...] [--seed N] [--json FILE]

Solves generated instances (bench/generate.ts) with each algorithm on a worker
thread and prints a markdown table: status, F, U, miles, B, R, the gap to the
size's reference, the reference (a proven optimum, else the best proven bound,
else the best known F), each method's bound, time and hard-constraint violations.

  --algorithms  comma-separated keys (default: all): ${ALGORITHMS.map((a) => a.key).join(', ')}
  --sizes       comma-separated JOBSxPHYSICISTS (default: 150x20,400x40,1000x80)
  --time-limit  seconds per run (default: 10)
  --time-limit-for  seconds for some algorithms instead, e.g. milp=60 (comma-separated)
  --seed        instance and solver seed, a non-negative integer (default: 1)
  --json        also write the rows to FILE
  --help        this text`;

/** What one bench run is asked to do. */
export interface BenchArgs {
  readonly help: boolean;
  readonly algorithms: AlgorithmKey[];
  readonly sizes: [number, number][];
  readonly timeLimitMs: number;
  /** Per-algorithm limits that replace timeLimitMs (e.g. milp at 60 s beside 10 s for the rest). */
  readonly timeLimitMsFor: Partial<Record<AlgorithmKey, number>>;
  readonly seed: number;
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
        seed: { type: 'string', default: '1' },
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
  const sizes = values.sizes.split(',').map((size): [number, number] => {
    const match = /^(\d+)x(\d+)$/.exec(size.trim());
    const jobs = Number(match?.[1]);
    const physicists = Number(match?.[2]);
    if (!match || jobs < 1 || physicists < 2)
      throw new BenchArgsError(
        `--sizes: '${size}' is not JOBSxPHYSICISTS (e.g. 150x20, at least 1 job and 2 physicists)`,
      );
    return [jobs, physicists];
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
  const seed = Number(values.seed);
  if (values.seed.trim() === '' || !Number.isInteger(seed) || seed < 0)
    throw new BenchArgsError(`--seed: '${values.seed}' is not a non-negative integer`);
  return {
    help: values.help,
    algorithms,
    sizes,
    timeLimitMs: seconds * 1000,
    timeLimitMsFor,
    seed,
    ...(values.json !== undefined ? { json: values.json } : {}),
  };
}
