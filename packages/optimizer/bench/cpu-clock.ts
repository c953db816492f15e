import { parseArgs } from 'node:util';
import { checkHardConstraints, evaluateObjective, isAlgorithmKey } from '@meridian/domain';
import { solveInProcess } from '../src/runtime/solve-in-process';
import { generateInstance } from './generate';

// npx tsx bench/cpu-clock.ts --algorithm KEY [--size 1000x80] [--cpu-seconds 8] [--seed N] [--optimum F]
// One run in this process with its clock replaced by the process's CPU time, so that a limit
// of 8 s means 8 s of CPU whatever the machine's load: for comparing methods, or code before
// and after a change, on a shared machine. Prints one JSON line: F, the gap to --optimum when
// given (non-coverage part of F, as the bench's table), iterations, CPU seconds, violations.
const USAGE =
  'usage: npx tsx bench/cpu-clock.ts --algorithm KEY [--size JOBSxPHYSICISTS] [--cpu-seconds S] [--seed N] [--optimum F]';

function fail(message: string): never {
  process.stderr.write(`cpu-clock: ${message}\n${USAGE}\n`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      algorithm: { type: 'string' },
      size: { type: 'string', default: '1000x80' },
      'cpu-seconds': { type: 'string', default: '8' },
      seed: { type: 'string', default: '1' },
      optimum: { type: 'string' },
    },
  }));
} catch (error) {
  fail((error as Error).message.split('\n')[0]!);
}
const algorithm = values.algorithm ?? fail('--algorithm is required');
if (!isAlgorithmKey(algorithm)) fail(`unknown algorithm '${algorithm}'`);
const match = /^(\d+)x(\d+)$/.exec(values.size);
if (!match) fail(`--size: '${values.size}' is not JOBSxPHYSICISTS (e.g. 1000x80)`);
const seconds = Number(values['cpu-seconds']);
if (!(seconds > 0)) fail(`--cpu-seconds: '${values['cpu-seconds']}' is not a positive number`);
const seed = Number(values.seed);
if (!Number.isInteger(seed) || seed < 0)
  fail(`--seed: '${values.seed}' is not a non-negative integer`);
const optimum = values.optimum === undefined ? undefined : Number(values.optimum);
if (optimum !== undefined && !Number.isFinite(optimum))
  fail(`--optimum: '${values.optimum}' is not a number`);

// The bench's instance of that size (instance seed 1, as in docs/optimization.md); the solver gets --seed.
const instance = generateInstance(1, Number(match[1]), Number(match[2]));
const cpuAtStart = process.cpuUsage();
const cpuMs = () => {
  const used = process.cpuUsage(cpuAtStart);
  return (used.user + used.system) / 1000;
};
// Every reading of the run's clock (limits, schedules' knots, step timers) now reads CPU time.
Object.defineProperty(performance, 'now', { value: cpuMs, configurable: true });
const result = await solveInProcess(instance, { algorithm, timeLimitMs: seconds * 1000, seed });
const evaluated = evaluateObjective(instance, result.assignments, instance.weights);
// The optimum's U is floor(F / 1e6): the rest of F is far below 1e6 on the bench's instances.
const gap =
  optimum === undefined
    ? undefined
    : (100 * (evaluated.total - optimum)) / (optimum - 1e6 * Math.floor(optimum / 1e6));
process.stdout.write(
  `${JSON.stringify({
    algorithm,
    size: values.size,
    seed,
    cpu_seconds: Number((cpuMs() / 1000).toFixed(2)),
    F: Number(evaluated.total.toFixed(1)),
    unassigned: evaluated.unassigned,
    ...(gap !== undefined ? { gap_percent: Number(gap.toFixed(3)) } : {}),
    iterations: result.stats.iterations,
    violations: checkHardConstraints(instance, result.assignments).length,
  })}\n`,
  // Exit once written: a portfolio run leaves worker threads behind.
  () => process.exit(0),
);
