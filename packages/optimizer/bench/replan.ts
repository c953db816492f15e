import { parseArgs } from 'node:util';
import {
  ALGORITHMS,
  checkHardConstraints,
  dayNumber,
  evaluateObjective,
  fromDayNumber,
  isAlgorithmKey,
  planningHorizon,
} from '@meridian/domain';
import type { Instance, JobAssignment } from '@meridian/domain';
import { solve } from '../src/runtime/solve';
import { YEAR_PRESET, generateInstance } from './generate';
import type { GenerateOptions } from './generate';

// npm run bench -- --replan [--sizes 600x50,year] [--algorithms a,b] [--runs 5]
//   [--time-limit S] [--base-time-limit S] [--seed N]

export const REPLAN_USAGE = `usage: npm run bench -- --replan [--sizes JOBSxPHYSICISTS|year,...] [--algorithms KEY,KEY] [--runs N] [--time-limit SECONDS] [--base-time-limit SECONDS] [--seed N]

Planning over time (docs/optimization.md). For each size: a base plan from
scratch (milp), then "today" set to the middle of the horizon, so the jobs
that start before it are frozen as the base plan has them. Each algorithm
then runs N times in a row from the plan the run before left (a fresh seed
each time, as the product does), and once more from the base plan after one
physicist gets a week of leave starting a week after today. Prints the slots
each run changed, F (the spec's) and F' (with the stability term) after it,
its time and status; for the leave, the slots the leave forces to change.

  --sizes            (default: 600x50,year)
  --algorithms       (default: all)
  --runs             successive runs per algorithm (default: 5)
  --time-limit       seconds per run (default: 20, the product's default)
  --base-time-limit  seconds for the base plan (default: 60)
  --seed             instance seed (default: 1)`;

interface ReplanSize {
  readonly label: string;
  readonly jobs: number;
  readonly physicists: number;
  readonly options?: GenerateOptions;
}

/** The instance with `plan` as its current plan, and the jobs before `today` frozen as it has them. */
function planned(instance: Instance, plan: readonly JobAssignment[], today: string): Instance {
  const byJob = new Map(plan.map((a) => [a.job_id, a]));
  return {
    ...instance,
    jobs: instance.jobs.map((job) => {
      const a = byJob.get(job.id);
      const current = {
        current_lead_id: a?.lead_id ?? null,
        current_data_acq_id: a?.data_acq_id ?? null,
      };
      if (job.start >= today) return { ...job, ...current };
      return {
        ...job,
        ...current,
        frozen: true,
        lead_id: a?.lead_id ?? null,
        data_acq_id: a?.data_acq_id ?? null,
      };
    }),
  };
}

/** Slots `before` filled that `after` holds differently. */
function changedSlots(before: readonly JobAssignment[], after: readonly JobAssignment[]): number {
  const byJob = new Map(after.map((a) => [a.job_id, a]));
  let changed = 0;
  for (const a of before) {
    const b = byJob.get(a.job_id);
    if (a.lead_id !== null && b?.lead_id !== a.lead_id) changed++;
    if (a.data_acq_id !== null && b?.data_acq_id !== a.data_acq_id) changed++;
  }
  return changed;
}

/** The physicist with the most slots in the week starting `from`, and those slots' count. */
function busiestIn(
  instance: Instance,
  plan: readonly JobAssignment[],
  from: string,
  to: string,
): { id: string; slots: number } {
  const jobs = new Map(instance.jobs.map((j) => [j.id, j]));
  const count = new Map<string, number>();
  for (const a of plan) {
    const job = jobs.get(a.job_id)!;
    if (job.end < from || job.start > to) continue;
    for (const id of [a.lead_id, a.data_acq_id])
      if (id !== null) count.set(id, (count.get(id) ?? 0) + 1);
  }
  const [id, slots] = [...count].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0]!;
  return { id, slots };
}

const cell = (n: number) => n.toFixed(2);

function parse(argv: readonly string[]) {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      sizes: { type: 'string', default: '600x50,year' },
      algorithms: { type: 'string' },
      runs: { type: 'string', default: '5' },
      'time-limit': { type: 'string', default: '20' },
      'base-time-limit': { type: 'string', default: '60' },
      seed: { type: 'string', default: '1' },
      help: { type: 'boolean', default: false },
    },
  });
  const positive = (name: string, text: string) => {
    const n = Number(text);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name}: '${text}' is not positive`);
    return n;
  };
  const algorithms = (values.algorithms?.split(',') ?? ALGORITHMS.map((a) => a.key)).map((key) => {
    if (!isAlgorithmKey(key)) throw new Error(`unknown algorithm '${key}'`);
    return key;
  });
  const sizes = values.sizes.split(',').map((size): ReplanSize => {
    if (size.trim() === 'year') return { label: 'year', ...YEAR_PRESET };
    const match = /^(\d+)x(\d+)$/.exec(size.trim());
    if (!match) throw new Error(`--sizes: '${size}' is not JOBSxPHYSICISTS or year`);
    return { label: size.trim(), jobs: Number(match[1]), physicists: Number(match[2]) };
  });
  return {
    help: values.help,
    algorithms,
    sizes,
    runs: Math.round(positive('runs', values.runs)),
    timeLimitMs: positive('time-limit', values['time-limit']) * 1000,
    baseTimeLimitMs: positive('base-time-limit', values['base-time-limit']) * 1000,
    seed: Math.round(Number(values.seed)),
  };
}

/** Runs the replanning bench and prints its two tables (markdown) on standard output. */
export async function replanBench(argv: readonly string[]): Promise<void> {
  const args = parse(argv);
  if (args.help) {
    process.stdout.write(`${REPLAN_USAGE}\n`);
    return;
  }
  const runLines = [
    '| size | algorithm | run | changed slots | F | F\u2032 | time (s) | status |',
    '|---|---|---|---|---|---|---|---|',
  ];
  const leaveLines = [
    '| size | algorithm | slots the leave forces | changed slots | F\u2032 before \u2192 after | time (s) | status |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const size of args.sizes) {
    const instance = generateInstance(args.seed, size.jobs, size.physicists, size.options);
    const horizon = planningHorizon(instance)!;
    const today = fromDayNumber(horizon.first + Math.floor((horizon.last - horizon.first) / 2));
    const base = await solve(instance, {
      algorithm: 'milp',
      timeLimitMs: args.baseTimeLimitMs,
      seed: args.seed,
    });
    process.stderr.write(
      `${size.label}: base plan by milp ${base.status}, F ${base.objective.total.toFixed(2)}, today ${today}\n`,
    );
    const leaveFrom = fromDayNumber(dayNumber(today) + 7);
    const leaveTo = fromDayNumber(dayNumber(today) + 13);
    const away = busiestIn(instance, base.assignments, leaveFrom, leaveTo);
    const withLeave: Instance = {
      ...instance,
      physicists: instance.physicists.map((p) =>
        p.id === away.id
          ? { ...p, unavailable: [...p.unavailable, { start: leaveFrom, end: leaveTo }] }
          : p,
      ),
    };
    for (const algorithm of args.algorithms) {
      let plan: readonly JobAssignment[] = base.assignments;
      for (let run = 1; run <= args.runs; run++) {
        const input = planned(instance, plan, today);
        const result = await solve(input, {
          algorithm,
          timeLimitMs: args.timeLimitMs,
          seed: args.seed + run,
        });
        const violations = checkHardConstraints(input, result.assignments).length;
        const changed = changedSlots(plan, result.assignments);
        runLines.push(
          `| ${size.label} | ${algorithm} | ${run} | ${changed} | ${cell(result.objective.f)} | ${cell(result.objective.total)} | ${(result.elapsed_ms / 1000).toFixed(2)} | ${result.status}${violations ? `, ${violations} violations` : ''} |`,
        );
        process.stderr.write(`${size.label} ${algorithm} run ${run}: ${changed} changed\n`);
        plan = result.assignments;
      }
      const input = planned(withLeave, base.assignments, today);
      const before = evaluateObjective(input, base.assignments);
      const result = await solve(input, {
        algorithm,
        timeLimitMs: args.timeLimitMs,
        seed: args.seed,
      });
      leaveLines.push(
        `| ${size.label} | ${algorithm} | ${away.slots} | ${changedSlots(base.assignments, result.assignments)} | ${cell(before.total)} \u2192 ${cell(result.objective.total)} | ${(result.elapsed_ms / 1000).toFixed(2)} | ${result.status} |`,
      );
    }
  }
  process.stdout.write(`${runLines.join('\n')}\n\n${leaveLines.join('\n')}\n`);
}
