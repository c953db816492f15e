import type { AlgorithmKey, Instance } from '@meridian/domain';
import type { SolveResult } from '@meridian/optimizer';
import { SOLVE_STATUS_WORDS, type AlgorithmRunResult } from '@meridian/contracts';
import { workloadStats } from '../services/workload';

/** One algorithm's outcome as comparisons report it. */
export type { AlgorithmRunResult };

/**
 * Jobs per physicist name. A Map, not an object: a roster name such as
 * "__proto__" must count like any other instead of reaching a prototype.
 */
function jobsPerName(instance: Instance, result: SolveResult): Map<string, number> {
  const name = new Map(instance.physicists.map((p) => [p.id, p.name]));
  const counts = new Map<string, number>(instance.physicists.map((p) => [p.name, 0]));
  for (const a of result.assignments) {
    for (const id of new Set([a.lead_id, a.data_acq_id])) {
      const who = id === null ? undefined : name.get(id);
      if (who !== undefined) counts.set(who, (counts.get(who) ?? 0) + 1);
    }
  }
  return counts;
}

/** Jobs per physicist name in a solution (every physicist listed, 0 when idle). */
export const workloadOf = (instance: Instance, result: SolveResult): Record<string, number> =>
  Object.fromEntries(jobsPerName(instance, result));

/**
 * A run's figures as comparisons and single runs report them: miles, filled
 * slots, each role's workload (workloadStats, as the analytics summary
 * computes it), F and the time, and a one-line summary in words.
 */
export function algorithmResult(instance: Instance, result: SolveResult): AlgorithmRunResult {
  const workload = jobsPerName(instance, result);
  const stats = (role: 'lead' | 'dataacq') =>
    workloadStats(
      instance.physicists.filter((p) => p.role === role).map((p) => workload.get(p.name) ?? 0),
    );
  const slots = instance.jobs.length * 2;
  const filled = slots - result.objective.unassigned;
  const words = SOLVE_STATUS_WORDS[result.status];
  return {
    algorithm: result.algorithm,
    total_distance: result.objective.distance_miles,
    workload_stats: { lead: stats('lead'), data_acq: stats('dataacq') },
    summary: `${words.charAt(0).toUpperCase()}${words.slice(1)} (${(result.elapsed_ms / 1000).toFixed(1)} s): ${filled} of ${slots} slots filled, ${Math.round(result.objective.distance_miles).toLocaleString('en-US')} mi, F = ${result.objective.total.toFixed(1)}`,
    error: null,
    status: result.status,
    objective_total: result.objective.total,
    filled_slots: filled,
    total_slots: slots,
    elapsed_ms: result.elapsed_ms,
  };
}

/** The entry of an algorithm that could not run. */
export const failedResult = (algorithm: AlgorithmKey, message: string): AlgorithmRunResult => ({
  algorithm,
  total_distance: null,
  workload_stats: null,
  summary: null,
  error: message,
  status: null,
  objective_total: null,
  filled_slots: null,
  total_slots: null,
  elapsed_ms: null,
});
