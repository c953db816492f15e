import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ALGORITHMS, isAlgorithmKey } from '@meridian/domain';
import { solve } from '../src/runtime/solve';
import { InstanceError } from '../src/core/validate';
import { readInstance } from './read-instance';

const USAGE =
  'usage: npm run solve -- --instance FILE --algorithm KEY [--time-limit SECONDS] [--seed N] [--max-iterations N] [--out FILE]';

/** One line on stderr and a non-zero exit: bad input never shows a stack trace. */
function fail(message: string, code = 2): never {
  process.stderr.write(`solve: ${message}\n`);
  process.exit(code);
}

/** Options that take a value: a negative number after one is its value, not another option. */
const VALUED = ['--instance', '--algorithm', '--time-limit', '--seed', '--max-iterations', '--out'];

/** `--time-limit -1` as `--time-limit=-1`, so that it is judged as a number (parseArgs calls it ambiguous). */
function joinNegativeValues(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const next = args[i + 1];
    if (VALUED.includes(args[i]!) && next !== undefined && /^-\d|^-\.\d/.test(next)) {
      out.push(`${args[i]}=${next}`);
      i++;
    } else out.push(args[i]!);
  }
  return out;
}

/** The note on standard error for jobs that get nobody because they have no usable coordinates (rule 6). */
function withoutCoordinatesNote(ids: readonly string[]): string | null {
  if (ids.length === 0) return null;
  const shown = ids.slice(0, 10).join(', ');
  const more = ids.length > 10 ? ` and ${ids.length - 10} more` : '';
  const jobs = ids.length === 1 ? '1 job has' : `${ids.length} jobs have`;
  return `note: ${jobs} no usable coordinates, so nobody was assigned (its slots count as empty): ${shown}${more}`;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: joinNegativeValues(process.argv.slice(2)),
      options: {
        instance: { type: 'string' },
        algorithm: { type: 'string' },
        'time-limit': { type: 'string' },
        seed: { type: 'string' },
        'max-iterations': { type: 'string' },
        out: { type: 'string' },
      },
    }));
  } catch (error) {
    // parseArgs explains some errors over several lines; the first says what is wrong.
    fail(`${(error as Error).message.split('\n')[0]} ${USAGE}`);
  }
  if (!values.instance) fail(`--instance is required; ${USAGE}`);
  const algorithm = values.algorithm ?? '';
  if (!isAlgorithmKey(algorithm)) {
    fail(`unknown algorithm '${algorithm}'; one of ${ALGORITHMS.map((a) => a.key).join(', ')}`);
  }
  const seconds = Number(values['time-limit'] ?? 30);
  if (!Number.isFinite(seconds) || seconds <= 0)
    fail(`--time-limit must be a positive number of seconds`);
  const seed = Number(values.seed ?? 1);
  if (!Number.isInteger(seed) || seed < 0) fail(`--seed must be a non-negative integer`);
  const cap = values['max-iterations'];
  const maxIterations = cap === undefined ? undefined : Number(cap);
  if (maxIterations !== undefined && (!Number.isInteger(maxIterations) || maxIterations < 0))
    fail(`--max-iterations must be a non-negative integer`);

  const instance = readInstance(values.instance);
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const result = await solve(
    instance,
    {
      algorithm,
      timeLimitMs: seconds * 1000,
      seed,
      ...(maxIterations !== undefined ? { maxIterations } : {}),
    },
    { signal: controller.signal },
  );
  // The result file's fields in the design's order: algorithm, status and elapsed_ms first.
  const { algorithm: key, status, elapsed_ms, objective, bound, assignments, stats } = result;
  const file = { algorithm: key, status, elapsed_ms, objective, bound, assignments, stats };
  const text = JSON.stringify(file, null, 2) + '\n';
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- the command line's output path, given by the user who runs it
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text);
  const note = withoutCoordinatesNote(
    (stats.jobs_without_coordinates as string[] | undefined) ?? [],
  );
  if (note) process.stderr.write(`solve: ${note}\n`);
  if (result.status === 'infeasible')
    fail('pinned assignments break hard constraints (see stats)', 3);
  process.exit(0);
}

main().catch((error: unknown) => {
  if (error instanceof InstanceError) fail(error.message);
  fail(error instanceof Error ? error.message : String(error), 1);
});
