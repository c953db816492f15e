import type { AlgorithmKey, Instance } from '@meridian/domain';
import type { SolveResult } from '@meridian/optimizer';
import type { z } from 'zod';
import type { AlgorithmRunResultSchema } from '@meridian/contracts';
import { workloadStats } from '../services/workload';

/** One algorithm's outcome as comparisons report it. */
export type AlgorithmRunResult = z.infer<typeof AlgorithmRunResultSchema>;

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

/** Total miles, workload variance per role and a one-line summary of a run. */
export function algorithmResult(instance: Instance, result: SolveResult): AlgorithmRunResult {
  const workload = jobsPerName(instance, result);
  const variance = (role: 'lead' | 'dataacq') =>
    workloadStats(
      instance.physicists.filter((p) => p.role === role).map((p) => workload.get(p.name) ?? 0),
    ).variance;
  const slots = instance.jobs.length * 2;
  const filled = slots - result.objective.unassigned;
  return {
    algorithm: result.algorithm,
    total_distance: result.objective.distance_miles,
    workload_stats: {
      lead: { variance: variance('lead') },
      data_acq: { variance: variance('dataacq') },
    },
    summary: `${result.status}: ${filled} of ${slots} slots filled, ${Math.round(result.objective.distance_miles).toLocaleString('en-US')} mi, F = ${result.objective.total.toFixed(1)}, ${(result.elapsed_ms / 1000).toFixed(1)} s`,
    error: null,
  };
}

/** The entry of an algorithm that could not run. */
export const failedResult = (algorithm: AlgorithmKey, message: string): AlgorithmRunResult => ({
  algorithm,
  total_distance: null,
  workload_stats: null,
  summary: null,
  error: message,
});
