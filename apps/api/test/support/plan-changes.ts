import {
  checkHardConstraints,
  evaluateObjective,
  fairShareTargets,
  type HardViolation,
  type Instance,
  type JobAssignment,
  type Objective,
} from '@meridian/domain';

type Slot = 'lead' | 'data_acq';

/** What one slot changing hands does to F: its total, F without S and P, and counted parts. */
export type Change = Pick<
  Objective,
  'total' | 'f' | 'unassigned' | 'rotation' | 'distance_miles' | 'avoided_days' | 'balance'
>;

/**
 * One slot of a plan changing hands, judged by the domain evaluator and the
 * hard-constraint check on the jobs the change can touch: the job and every
 * job of the old or the new holder. The explain test checks 300 slots' worth
 * of alternatives; on all 600 jobs of the demo each evaluation made that the
 * API suite's slowest test (docs/testing.md, "Where the time goes").
 *
 * Exact, not an estimate: every term of F but balance is a sum over slots, or
 * over one physicist's own slots (rotation), so the jobs left out add the same
 * before and after; balance's fair-share targets depend on every job, so that
 * term is |load - target| of the two people, with the targets computed once
 * on the whole instance. Each hard rule of a slot reads only its job and the
 * physicist's own slots (docs/optimization.md). The explain test holds both
 * against the evaluator and the check of the whole plan on its first slots.
 */
export function planChanges(instance: Instance, plan: readonly JobAssignment[]) {
  const targets = fairShareTargets(instance);
  const index = new Map(instance.physicists.map((p, i) => [p.id, i]));
  const loads = new Map<string, number>();
  for (const a of plan)
    for (const who of [a.lead_id, a.data_acq_id])
      if (who !== null && index.has(who)) loads.set(who, (loads.get(who) ?? 0) + 1);
  const byJob = new Map(plan.map((a) => [a.job_id, a]));

  const withSlot = (jobId: number, slot: Slot, who: string | null): JobAssignment[] =>
    plan.map((a) =>
      a.job_id === String(jobId) ? { ...a, [slot === 'lead' ? 'lead_id' : 'data_acq_id']: who } : a,
    );

  /** The job and every job one of `people` holds a slot of. */
  const touched = (jobId: number, people: readonly (string | null)[]): Set<string> => {
    const named = people.filter((id): id is string => id !== null);
    const jobs = new Set([String(jobId)]);
    for (const a of plan)
      if (named.some((id) => a.lead_id === id || a.data_acq_id === id)) jobs.add(a.job_id);
    return jobs;
  };
  const within = (jobs: Set<string>) => ({
    part: { ...instance, jobs: instance.jobs.filter((j) => jobs.has(j.id)) },
    mine: (list: readonly JobAssignment[]) => list.filter((a) => jobs.has(a.job_id)),
  });

  /** F after `who` takes the slot (null: it is emptied) minus F before. */
  const change = (jobId: number, slot: Slot, who: string | null): Change => {
    const holder = byJob.get(String(jobId))![slot === 'lead' ? 'lead_id' : 'data_acq_id'];
    const { part, mine } = within(touched(jobId, [holder, who]));
    const weights = { ...instance.weights, job_balance: 0 };
    const before = evaluateObjective(part, mine(plan), weights);
    const after = evaluateObjective(part, mine(withSlot(jobId, slot, who)), weights);
    let balance = 0;
    for (const [id, step] of [
      [holder, -1],
      [who, 1],
    ] as const) {
      const i = id === null ? undefined : index.get(id);
      if (i === undefined) continue;
      const load = loads.get(id!) ?? 0;
      balance += Math.abs(load + step - targets[i]!) - Math.abs(load - targets[i]!);
    }
    const priced = instance.weights.job_balance * balance;
    return {
      total: after.total - before.total + priced,
      f: after.f - before.f + priced,
      unassigned: after.unassigned - before.unassigned,
      rotation: after.rotation - before.rotation,
      distance_miles: after.distance_miles - before.distance_miles,
      avoided_days: after.avoided_days - before.avoided_days,
      balance,
    };
  };

  /** The hard constraints the plan breaks once `who` takes the slot. */
  const brokenOn = (jobId: number, slot: Slot, who: string): HardViolation[] => {
    const { part, mine } = within(touched(jobId, [who]));
    return checkHardConstraints(part, mine(withSlot(jobId, slot, who)));
  };

  return { withSlot, change, brokenOn };
}
