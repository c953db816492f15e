import { writeFileSync } from 'node:fs';
import { checkHardConstraints } from '@meridian/domain';
import type { SolveResult } from '../src/core/contract';
import { solve } from '../src/runtime/solve';
import { BENCH_USAGE, BenchArgsError, parseBenchArgs } from './bench-args';
import type { BenchArgs } from './bench-args';
import { benchTable } from './bench-table';
import type { BenchRow } from './bench-table';
import { generateInstance } from './generate';

// npm run bench -- [--algorithms a,b] [--sizes 150x20,400x40] [--time-limit S] [--time-limit-for milp=60] [--seed N] [--json FILE]
let args: BenchArgs;
try {
  args = parseBenchArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof BenchArgsError)) throw error;
  process.stderr.write(`bench: ${error.message} (npm run bench -- --help)\n`);
  process.exit(2);
}
if (args.help) {
  process.stdout.write(`${BENCH_USAGE}\n`);
  process.exit(0);
}

const rows: BenchRow[] = [];
for (const [jobs, physicists] of args.sizes) {
  const instance = generateInstance(args.seed, jobs, physicists);
  const size = `${jobs}x${physicists}`;
  for (const algorithm of args.algorithms) {
    const started = performance.now();
    try {
      const result: SolveResult = await solve(instance, {
        algorithm,
        timeLimitMs: args.timeLimitMsFor[algorithm] ?? args.timeLimitMs,
        seed: args.seed,
      });
      const o = result.objective;
      rows.push({
        size,
        algorithm,
        status: result.status,
        total: o.total,
        unassigned: o.unassigned,
        miles: o.distance_miles,
        balance: o.balance,
        rotation: o.rotation,
        ...(result.bound !== undefined ? { bound: result.bound } : {}),
        ms: result.elapsed_ms,
        violations: checkHardConstraints(instance, result.assignments).length,
      });
    } catch (error) {
      rows.push({
        size,
        algorithm,
        status: 'error',
        total: NaN,
        unassigned: NaN,
        miles: NaN,
        balance: NaN,
        rotation: NaN,
        ms: Math.round(performance.now() - started),
        violations: NaN,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    process.stderr.write(`${size} ${algorithm} done\n`);
  }
}
process.stdout.write(benchTable(rows));
if (args.json) writeFileSync(args.json, JSON.stringify(rows, null, 2));
