import { haversineMiles } from '../distance';
import type { Weights } from '../entities';
import {
  customerKey,
  fairShareTargets,
  firstPerJob,
  hasUsableCoordinates,
} from './evaluator-shared';
import type { Instance, JobAssignment, Objective } from './instance';

/** Weight of one empty slot: coverage dominates every other term. */
export const UNASSIGNED_PENALTY = 1_000_000;

/** F = 1,000,000 U + proximity D / 100 + job_balance B + staff_rotation R. */
export function objectiveTotal(
  weights: Weights,
  parts: Pick<Objective, 'unassigned' | 'distance_miles' | 'balance' | 'rotation'>,
): number {
  return (
    UNASSIGNED_PENALTY * parts.unassigned +
    (weights.proximity * parts.distance_miles) / 100 +
    weights.job_balance * parts.balance +
    weights.staff_rotation * parts.rotation
  );
}

/**
 * The single judge of a solution's cost (OPTIMIZATION.md). Jobs missing from
 * `assignments` count as two empty slots; ids that name no physicist count as
 * empty (checkHardConstraints reports them). A pinned slot on a job without
 * coordinates adds no miles, since there is nothing to measure to.
 */
export function evaluateObjective(
  instance: Instance,
  assignments: readonly JobAssignment[],
  weights: Weights = instance.weights,
): Objective {
  const physicistIndex = new Map(instance.physicists.map((p, i) => [p.id, i]));
  const byJob = firstPerJob(assignments);
  const load = new Array<number>(instance.physicists.length).fill(0);
  const visits = new Map<string, number>();
  let unassigned = 0;
  let distance = 0;

  for (const job of instance.jobs) {
    const assignment = byJob.get(job.id);
    const customer = customerKey(job.customer);
    for (const id of [assignment?.lead_id ?? null, assignment?.data_acq_id ?? null]) {
      const index = id == null ? undefined : physicistIndex.get(id);
      if (index === undefined) {
        unassigned++;
        continue;
      }
      const physicist = instance.physicists[index]!;
      if (hasUsableCoordinates(job)) {
        distance += haversineMiles(physicist.lat, physicist.lon, job.lat!, job.lon!);
      }
      load[index]!++;
      const key = `${index}\u0000${customer}`;
      visits.set(key, (visits.get(key) ?? 0) + 1);
    }
  }

  const targets = fairShareTargets(instance);
  let balance = 0;
  load.forEach((n, i) => (balance += Math.abs(n - targets[i]!)));
  let rotation = 0;
  for (const count of visits.values()) rotation += Math.max(0, count - 1);

  const parts = { unassigned, distance_miles: distance, balance, rotation };
  return { total: objectiveTotal(weights, parts), ...parts };
}
