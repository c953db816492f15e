import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PREFERENCE } from '@meridian/domain';
import { promisify } from 'node:util';
import { LEARNED_KEYS, benchRowOf } from './bench-rows';
import { BENCH_USAGE, BenchArgsError, parseBenchArgs } from './bench-args';
import type { BenchArgs } from './bench-args';
import type { BenchRunAnswer, BenchRunRequest } from './bench-stats';
import { benchTable } from './bench-table';
import type { BenchRow, KnownOptimum } from './bench-table';
import { generateInstance } from './generate';
import { recordedOptimum } from './reference-optima';
import { replanBench } from './replan';

// npm run bench -- [--algorithms a,b] [--sizes 150x20,year] [--time-limit S] [--time-limit-for milp=120]
//   [--size-time-limit 1000x80=20,year=60] [--seed N] [--json FILE]
// npm run bench -- --replan [...]: the replanning table instead (bench/replan.ts).
if (process.argv[2] === '--replan') {
  try {
    await replanBench(process.argv.slice(3));
    process.exit(0);
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message} (npm run bench -- --replan --help)\n`);
    process.exit(2);
  }
}
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

const run = promisify(execFile);
// The child program sits next to this one in the build (dist/bench/bench-run.js).
const child = fileURLToPath(new URL('./bench-run.js', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'meridian-bench-'));

/** One run in a child process of its own; an error (crash, heap exhausted) becomes the row's status. */
async function runChild(request: BenchRunRequest): Promise<BenchRunAnswer | Error> {
  try {
    const { stdout } = await run(process.execPath, [child, JSON.stringify(request)], {
      maxBuffer: 256 * 1024 * 1024,
    });
    const last = stdout.trim().split('\n').pop() ?? '';
    return JSON.parse(last) as BenchRunAnswer;
  } catch (error) {
    const e = error as { stderr?: string; message?: string };
    const line = (e.stderr ?? '').trim().split('\n').filter(Boolean).pop();
    return new Error(line ?? e.message ?? String(error));
  }
}

const rows: BenchRow[] = [];
const known: Record<string, KnownOptimum> = {};
try {
  for (const size of args.sizes) {
    const instance = generateInstance(args.seed, size.jobs, size.physicists, {
      ...size.options,
      ...(args.preferences !== undefined ? { preferences: args.preferences } : {}),
    });
    const recorded = recordedOptimum(size.label, args.seed, instance);
    if (recorded) known[size.label] = { value: recorded.value, by: recorded.by };
    const instanceFile = join(folder, `${size.label}.json`);
    writeFileSync(instanceFile, JSON.stringify(instance));
    for (const algorithm of args.algorithms) {
      const timeLimitMs =
        args.timeLimitMsFor[algorithm] ?? args.timeLimitMsForSize[size.label] ?? args.timeLimitMs;
      const answer = await runChild({ instanceFile, algorithm, timeLimitMs, seed: args.seed });
      const row = benchRowOf(size.label, algorithm, answer);
      if (LEARNED_KEYS.has(algorithm) && !(answer instanceof Error) && answer.polishMs) {
        // The same polish time from heuristic's solution: what the learning adds is the difference.
        const ils = await runChild({
          instanceFile,
          algorithm: 'ils',
          timeLimitMs: Math.max(50, answer.polishMs.ms),
          seed: args.seed,
          ilsFromHeuristic: true,
        });
        if (!(ils instanceof Error))
          row.ilsSamePolish = {
            total: ils.total,
            polishMs: answer.polishMs.ms,
            derived: answer.polishMs.derived,
          };
      }
      rows.push(row);
      process.stderr.write(
        `${size.label} ${algorithm} ${row.status} ${Number.isFinite(row.total) ? row.total.toFixed(1) : '-'} ${(row.ms / 1000).toFixed(2)} s\n`,
      );
      // Written after every run, so a long bench that is stopped keeps what it measured.
      if (args.json) writeFileSync(args.json, JSON.stringify(rows, null, 2));
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
if (args.preferences !== undefined)
  process.stdout.write(
    `Preferences: every physicist asks to avoid ${Math.round(args.preferences * 100)}% of the horizon's days (preference weight ${DEFAULT_PREFERENCE}).\n\n`,
  );
process.stdout.write(benchTable(rows, known));
for (const [size, optimum] of Object.entries(known)) {
  // A run below a recorded optimum would mean the record is wrong: say so, never hide it.
  const below = rows.filter((r) => r.size === size && r.total < optimum.value - 0.01);
  for (const r of below)
    process.stderr.write(
      `bench: ${size} ${r.algorithm} found F ${r.total} below the recorded optimum ${optimum.value}: the record is wrong\n`,
    );
}
