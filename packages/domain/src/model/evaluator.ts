import { haversineMiles } from '../distance';
import { preferenceWeight, stabilityWeight, type Weights } from '../entities';
import {
  avoidedDayCounter,
  customerKey,
  fairShareTargets,
  firstPerJob,
  hasUsableCoordinates,
  plannedHolder,
} from './evaluator-shared';
import type { Instance, JobAssignment, Objective } from './instance';

/** Weight of one empty slot: coverage dominates every other term. */
export const UNASSIGNED_PENALTY = 1_000_000;

/** F = 1,000,000 U + proximity D / 100 + job_balance B + staff_rotation R (the spec's objective). */
export function scheduleCost(
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

/** F' = F + stability S + preference P: what every algorithm minimises. */
export function objectiveTotal(weights: Weights, parts: ObjectiveParts): number {
  return (
    scheduleCost(weights, parts) +
    stabilityWeight(weights) * parts.changed_slots +
    preferenceWeight(weights) * parts.avoided_days
  );
}

/** The counted parts of the objective, without the totals. */
export type ObjectiveParts = Omit<Objective, 'total' | 'f'>;

/** The objective with both totals from its parts. */
export const objectiveOf = (weights: Weights, parts: ObjectiveParts): Objective => ({
  total: objectiveTotal(weights, parts),
  f: scheduleCost(weights, parts),
  ...parts,
});

/**
 * The single judge of a solution's cost (docs/optimization.md). Jobs missing
 * from `assignments` count as two empty slots; ids that name no physicist
 * count as empty (checkHardConstraints reports them). A pinned slot on a job
 * without coordinates adds no miles, since there is nothing to measure to.
 * A slot of the current plan counts as changed (S) when it held a physicist
 * of the instance and now holds anyone else or nobody.
 */
export function evaluateObjective(
  instance: Instance,
  assignments: readonly JobAssignment[],
  weights: Weights = instance.weights,
): Objective {
  const physicistIndex = new Map(instance.physicists.map((p, i) => [p.id, i]));
  const byJob = firstPerJob(assignments);
  const avoided = avoidedDayCounter(instance);
  const load = new Array<number>(instance.physicists.length).fill(0);
  const visits = new Map<string, number>();
  let unassigned = 0;
  let distance = 0;
  let changed = 0;
  let avoidedDays = 0;

  for (const job of instance.jobs) {
    const assignment = byJob.get(job.id);
    const customer = customerKey(job.customer);
    const held = [assignment?.lead_id ?? null, assignment?.data_acq_id ?? null];
    for (const role of [0, 1] as const) {
      const id = held[role]!;
      const index = id == null ? undefined : physicistIndex.get(id);
      const planned = plannedHolder(job, role);
      if (
        planned !== null &&
        physicistIndex.has(planned) &&
        (index === undefined || id !== planned)
      )
        changed++;
      if (index === undefined) {
        unassigned++;
        continue;
      }
      const physicist = instance.physicists[index]!;
      if (hasUsableCoordinates(job)) {
        distance += haversineMiles(physicist.lat, physicist.lon, job.lat!, job.lon!);
      }
      avoidedDays += avoided(index, job);
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

  return objectiveOf(weights, {
    unassigned,
    distance_miles: distance,
    balance,
    rotation,
    changed_slots: changed,
    avoided_days: avoidedDays,
  });
}
