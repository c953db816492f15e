import { readFileSync } from 'node:fs';
import { checkHardConstraints, evaluateObjective } from '@meridian/domain';
import type { AlgorithmKey, Instance, JobAssignment } from '@meridian/domain';
import { compileInstance } from '../src/core/compile';
import type { CompiledInstance } from '../src/core/compile';
import type { SolveResult } from '../src/core/contract';
import { solve } from '../src/runtime/solve';
import { SolveWorker } from '../src/runtime/worker-runner';
import { iterationsOf, polishMsOf } from './bench-stats';
import type { BenchRunRequest, BenchRunAnswer } from './bench-stats';

// One bench run in a process of its own (bench.ts starts it), so that the
// process's peak RSS is this run's alone: every thread of the run (the solve
// worker, a portfolio member, HiGHS) lives in this process.
// Argument: the request as JSON. Answer: one JSON line on standard output.

const request = JSON.parse(process.argv[2] ?? '{}') as BenchRunRequest;
const instance = JSON.parse(readFileSync(request.instanceFile, 'utf8')) as Instance;

/** The run as the bench reports it: the solver's numbers beside the evaluator's. */
function answerOf(result: SolveResult): BenchRunAnswer {
  const recomputed = evaluateObjective(instance, result.assignments, instance.weights);
  return {
    status: result.status,
    total: result.objective.total,
    recomputedTotal: recomputed.total,
    unassigned: result.objective.unassigned,
    miles: result.objective.distance_miles,
    balance: result.objective.balance,
    rotation: result.objective.rotation,
    ...(result.bound !== undefined ? { bound: result.bound } : {}),
    ms: result.elapsed_ms,
    violations: checkHardConstraints(instance, result.assignments).length,
    iterations: iterationsOf(result.stats),
    polishMs: polishMsOf(result.stats, result.elapsed_ms),
    stats: result.stats,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

/** A result's assignments as the slot vector (slot = 2 * job + role) an algorithm can start from. */
function slotVector(c: CompiledInstance, assignments: readonly JobAssignment[]): Int32Array {
  const job = new Map(c.jobIds.map((id, i) => [id, i]));
  const physicist = new Map(c.physicistIds.map((id, i) => [id, i]));
  const assign = new Int32Array(2 * c.jobCount).fill(-1);
  for (const a of assignments) {
    const j = job.get(a.job_id);
    if (j === undefined) continue;
    if (a.lead_id) assign[2 * j] = physicist.get(a.lead_id) ?? -1;
    if (a.data_acq_id) assign[2 * j + 1] = physicist.get(a.data_acq_id) ?? -1;
  }
  return assign;
}

const options = {
  algorithm: request.algorithm as AlgorithmKey,
  timeLimitMs: request.timeLimitMs,
  seed: request.seed,
};
let result: SolveResult;
if (request.ilsFromHeuristic) {
  // ILS with the given time from heuristic's solution: what a learned key's polish
  // would reach from the plain greedy, so that the learning's own share shows.
  const start = await solve(instance, { ...options, algorithm: 'heuristic' });
  const worker = new SolveWorker(instance);
  try {
    result = await worker.run({
      ...options,
      algorithm: 'ils',
      initial: slotVector(compileInstance(instance, instance.weights), start.assignments),
    });
  } finally {
    await worker.close();
  }
} else result = await solve(instance, options);
process.stdout.write(`${JSON.stringify(answerOf(result))}\n`);
process.exit(0);
