import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Instance, JobAssignment } from '@meridian/domain';
import { solveInProcess } from '../src/runtime/solve-in-process';

// How the bench's recorded optima (reference-optima.ts) are proven: milp from a given start, the
// best solution known (a long milp run's answer, a solve --out file), with a long time limit, so
// that each role's MIP keeps only the pairs within the small room between that start and the LP
// bound. Run from the package with the build in place (milp's HiGHS threads load it):
//   npx tsx bench/prove-from.ts --instance year.json --start best.json --time-limit 1800 --out proof.json
const { values } = parseArgs({
  options: {
    instance: { type: 'string' },
    start: { type: 'string' },
    'time-limit': { type: 'string', default: '1800' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
  },
});
if (!values.instance || !values.start || !values.out) {
  process.stderr.write(
    'usage: tsx bench/prove-from.ts --instance FILE --start SOLVE_OUT.json [--time-limit S] [--seed N] --out FILE\n',
  );
  process.exit(2);
}
const instance = JSON.parse(readFileSync(values.instance, 'utf8')) as Instance;
const start = JSON.parse(readFileSync(values.start, 'utf8')) as { assignments: JobAssignment[] };
const physicist = new Map(instance.physicists.map((p, i) => [p.id, i]));
const job = new Map(instance.jobs.map((j, i) => [j.id, i]));
const initial = new Int32Array(2 * instance.jobs.length).fill(-1);
for (const a of start.assignments) {
  const j = job.get(a.job_id)!;
  initial[2 * j] = a.lead_id ? physicist.get(a.lead_id)! : -1;
  initial[2 * j + 1] = a.data_acq_id ? physicist.get(a.data_acq_id)! : -1;
}
const began = Date.now();
const result = await solveInProcess(instance, {
  algorithm: 'milp',
  timeLimitMs: Number(values['time-limit']) * 1000,
  seed: Number(values.seed),
  initial,
});
const { status, elapsed_ms, objective, bound, assignments, stats } = result;
writeFileSync(
  values.out,
  JSON.stringify({ status, elapsed_ms, objective, bound, assignments, stats }, null, 2) + '\n',
);
process.stdout.write(
  `${status} F ${objective.total} bound ${String(bound)} in ${((Date.now() - began) / 1000).toFixed(1)} s\n`,
);
