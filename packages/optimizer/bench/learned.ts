import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkHardConstraints, isAlgorithmKey } from '@meridian/domain';
import { solveInProcess } from '../src/runtime/solve-in-process';
import { generateInstance } from './generate';

// npx tsx bench/learned.ts [--algorithms a,b] [--sizes 150x20,400x40] [--time-limit S] [--seed N] [--json FILE]
// The learned stage on its own: each run in this process (no worker thread), one after the other.
const { values } = parseArgs({
  options: {
    algorithms: { type: 'string', default: 'ml_predictive,predict_then_optimize,offline_rl,drl' },
    sizes: { type: 'string', default: '150x20,400x40,1000x80' },
    'time-limit': { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    json: { type: 'string' },
  },
});
const algorithms = values.algorithms.split(',').map((key) => {
  if (!isAlgorithmKey(key)) {
    process.stderr.write(`bench:learned: unknown algorithm '${key}'\n`);
    process.exit(2);
  }
  return key;
});
const sizes = values.sizes.split(',').map((s) => s.split('x').map(Number) as [number, number]);
const timeLimitMs = Number(values['time-limit']) * 1000;
const seed = Number(values.seed);

const num = (x: unknown, digits = 1) => (typeof x === 'number' ? x.toFixed(digits) : '-');
/** A stats value as table text ('-' when absent). */
const text = (x: unknown) =>
  typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean' ? String(x) : '-';
const rows: Record<string, unknown>[] = [];
const lines = [
  '| instance | algorithm | construction F | heuristic F | construction - heuristic | beats? | after polish F | training data | teacher / training ms | held-out top-1 | held-out construction vs heuristic | fallback | time (s) | violations |',
  '|' + '---|'.repeat(14),
];
for (const [jobs, physicists] of sizes) {
  const instance = generateInstance(seed, jobs, physicists);
  for (const algorithm of algorithms) {
    const result = await solveInProcess(instance, { algorithm, timeLimitMs, seed });
    const s = result.stats;
    const violations = checkHardConstraints(instance, result.assignments).length;
    rows.push({ size: `${jobs}x${physicists}`, ...result, assignments: undefined });
    const construction = s.learned_construction_objective as number | undefined;
    const greedy = s.heuristic_objective as number | undefined;
    const heldOut =
      s.held_out_construction_objective !== undefined
        ? `${num(s.held_out_construction_objective)} vs ${num(s.held_out_heuristic_objective)}`
        : '-';
    lines.push(
      `| ${jobs}x${physicists} | ${algorithm} | ${num(construction)} | ${num(greedy)} | ${construction !== undefined && greedy !== undefined ? (construction - greedy).toFixed(1) : '-'} | ${text(s.learned_construction_beats_heuristic)} | ${result.objective.total.toFixed(1)} | ${text(s.training_data)} | ${text(s.teacher_ms)} / ${text(s.training_ms)} | ${num(s.held_out_top1_agreement, 3)} | ${heldOut} | ${text(s.fallback)} | ${(result.elapsed_ms / 1000).toFixed(2)} | ${violations} |`,
    );
    process.stderr.write(`${jobs}x${physicists} ${algorithm} done\n`);
  }
}
process.stdout.write(lines.join('\n') + '\n');
if (values.json) writeFileSync(values.json, JSON.stringify(rows, null, 2));
