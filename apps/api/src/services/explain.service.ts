import type {
  AssignmentExplanation,
  PhysicistBreakdown,
  SlotExplanation,
} from '@meridian/contracts';
import {
  alreadyOnJobText,
  firstClash,
  leaveOverlapping,
  ObjectiveState,
  PERSON_SLOTS,
  preferenceWeight,
  UNASSIGNED_PENALTY,
  unavailableText,
  wrongRoleText,
  type JobAssignment,
  type LeaveDays,
  type PersonSlot,
  type Weights,
} from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import type {
  DataVersionsRepository,
  VersionedTable,
} from '../repositories/data-versions.repository';
import type {
  InstanceRepository,
  PlacedKit,
  PlacedPhysicist,
  PlanningJob,
} from '../repositories/instance.repository';
import { explainKit } from './explain-kit';
import type { InstanceBuilder } from './instance-builder';
import type { SettingsService } from './settings.service';

/** How many feasible physicists an explanation ranks. */
export const ALTERNATIVES_SHOWN = 5;

const ROLE_OF = { lead: 'lead', data_acq: 'dataacq' } as const;
const HOLDER = { lead: 'assigned_lead_id', data_acq: 'assigned_data_acq_id' } as const;
const PINNED = { lead: 'lead_pinned', data_acq: 'data_acq_pinned' } as const;
const REFUSAL_ORDER = { leave: 0, another_job: 1, no_home_location: 2, wrong_role: 3 } as const;

type Refusal = SlotExplanation['refused'][number];

/** Who could take a slot (best first by the change of the objective), and who could not and why. */
export interface SlotCandidates {
  alternatives: SlotExplanation['alternatives'];
  refused: Refusal[];
}
type DatedJob = PlanningJob & { start: string; end: string };

/** The plan as F sees it: the optimisation instance, the stored slots and its running tallies. */
interface Plan {
  state: ObjectiveState;
  jobs: Map<string, PlanningJob>;
  everyone: PlacedPhysicist[];
  kits: PlacedKit[];
  leave: LeaveDays[];
  weights: Weights;
}

/** Every table the plan is read from: a write to any of them bumps its counter (migration 0007). */
const PLAN_TABLES: readonly VersionedTable[] = [
  'jobs',
  'physicists',
  'kits',
  'unavailability',
  'zip_data',
  'physicist_preferences',
];

/**
 * Why each slot holds whom (docs/optimization.md): every number comes from the
 * domain's ObjectiveState over the same instance an optimisation solves, so an
 * explanation and F cannot disagree. Feasibility and refusals use the
 * manual-assignment rules of @meridian/domain (leave, another job, role), so a
 * listed alternative is one a manager could really assign.
 */
export class ExplainService {
  /**
   * The last plan built, under the data versions and weights it was built
   * for. Rebuilding takes about 0.3 s on the demo data; reading the counters
   * takes one query. Nothing here mutates a plan (ObjectiveState.deltaIf only
   * reads), so concurrent explanations share one.
   */
  private cached: { key: string; plan: Promise<Plan> } | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly builder: InstanceBuilder,
    private readonly reads: InstanceRepository,
    private readonly settings: SettingsService,
    private readonly versions: DataVersionsRepository,
  ) {}

  /** GET /assignments/{job_id}/explain. */
  async explain(jobId: number): Promise<AssignmentExplanation> {
    const plan = await this.plan();
    const job = plan.jobs.get(String(jobId));
    if (job === undefined) {
      const exists = (await this.reads.jobs(this.db)).some((j) => j.id === jobId);
      if (!exists) throw notFound(`Job ${jobId} not found`);
      throw conflict(`Job ${jobId} has no dates yet, so it is not part of the plan to explain`);
    }
    const dated = job as DatedJob;
    return {
      job_id: jobId,
      customer: job.customer,
      start: dated.start,
      end: dated.end,
      weights: plan.weights,
      objective: plan.state.objective(),
      lead: this.explainSlot(plan, dated, 'lead'),
      data_acq: this.explainSlot(plan, dated, 'data_acq'),
      kit: explainKit(dated, [...plan.jobs.values()] as DatedJob[], plan.kits),
    };
  }

  /** GET /analytics/physicists: each physicist's load against fair share, miles and repeats. */
  async breakdown(): Promise<PhysicistBreakdown[]> {
    const plan = await this.plan();
    const tallies = new Map(plan.state.tallies().map((t) => [t.physicist_id, t]));
    return plan.everyone.map((p) => {
      const tally = tallies.get(String(p.id));
      const held = [...plan.jobs.values()].filter(
        (j) => j.assigned_lead_id === p.id || j.assigned_data_acq_id === p.id,
      ).length;
      return {
        physicist_id: p.id,
        name: p.name,
        role: p.role,
        jobs: tally?.jobs ?? held,
        target: tally?.target ?? 0,
        miles: tally?.miles ?? 0,
        rotation_repeats: tally?.rotation_repeats ?? 0,
        placed: tally !== undefined,
      };
    });
  }

  /**
   * The plan, rebuilt only when a table it reads or the weights changed. The
   * counters are read before the build, so a write that lands during the
   * build leaves a plan at least as new as its key: the next call sees a
   * higher counter and rebuilds, and no call gets a plan older than a write
   * committed before it started.
   */
  private async plan(): Promise<Plan> {
    const weights = await this.settings.getWeights();
    const key = JSON.stringify([await this.versions.read(PLAN_TABLES), weights]);
    if (this.cached?.key !== key) {
      const plan = this.build(weights);
      this.cached = { key, plan };
      // A failed build is not kept: the next call tries again.
      plan.catch(() => {
        if (this.cached?.plan === plan) this.cached = null;
      });
    }
    return this.cached.plan;
  }

  private async build(weights: Weights): Promise<Plan> {
    const built = await this.builder.build(this.db, weights);
    const everyone = await this.reads.physicists(this.db);
    const kits = await this.reads.kits(this.db);
    const leave = (await this.reads.leave(this.db)).map((r) => ({
      physicist_name: r.physicist_name,
      start_date: r.start,
      end_date: r.end,
    }));
    const id = (n: number | null) => (n === null ? null : String(n));
    const assignments: JobAssignment[] = [...built.jobs.values()].map((j) => ({
      job_id: String(j.id),
      lead_id: id(j.assigned_lead_id),
      data_acq_id: id(j.assigned_data_acq_id),
      kit_id: id(j.assigned_kit_id),
    }));
    const state = new ObjectiveState(built.instance, assignments, weights);
    return { state, jobs: built.jobs, everyone, kits, leave, weights };
  }

  private explainSlot(plan: Plan, job: DatedJob, slot: PersonSlot): SlotExplanation {
    const { state, weights } = plan;
    const key = String(job.id);
    const holderId = job[HOLDER[slot]];
    const holder = plan.everyone.find((p) => p.id === holderId);
    const placed = job.lat !== null && job.lon !== null;
    let note: string | null = null;
    let assigned: SlotExplanation['assigned'] = null;
    if (holder !== undefined && state.holder(key, slot) === null) {
      note = `${holder.name}'s home zip ${holder.home_zip} is not in the zip table, so F counts this slot as empty`;
    } else if (holder !== undefined) {
      // The holder's terms: F with them minus F with the slot empty, coverage aside.
      const empty = state.deltaIf(key, slot, null);
      const miles = state.miles(String(holder.id), key);
      const proximity = (weights.proximity * (miles ?? 0)) / 100;
      const balance = -weights.job_balance * empty.balance;
      const rotation = -weights.staff_rotation * empty.rotation;
      const avoidedDays = -empty.avoided_days;
      const preference = preferenceWeight(weights) * avoidedDays;
      assigned = {
        physicist_id: holder.id,
        name: holder.name,
        miles,
        proximity,
        balance,
        rotation_repeat: empty.rotation < 0,
        rotation,
        avoided_days: avoidedDays,
        preference,
        total: proximity + balance + rotation + preference,
      };
    }
    if (!placed) {
      note = `Job ${job.id} has no usable zip code ('${job.zip_code}'), so nobody can be assigned to it and there are no miles to compare`;
    }
    const { alternatives, refused } = this.ranked(plan, job, slot);
    // A locked slot is kept because it is locked; an unlocked one may be kept because moving does not pay.
    if (assigned !== null && note === null && !job[PINNED[slot]])
      note = keptAsPlanned(alternatives);
    return {
      slot,
      pinned: job[PINNED[slot]],
      assigned,
      alternatives: alternatives.slice(0, ALTERNATIVES_SHOWN),
      more_feasible: Math.max(0, alternatives.length - ALTERNATIVES_SHOWN),
      refused,
      note,
    };
  }

  /**
   * Every physicist other than the slot's holder who could take it under
   * every hard rule, best first by the exact change of the objective, and
   * why each of the others cannot (a swap's candidates: offers/).
   */
  async slotCandidates(jobId: number, slot: PersonSlot): Promise<SlotCandidates> {
    const plan = await this.plan();
    const job = plan.jobs.get(String(jobId));
    if (job === undefined) throw notFound(`Job ${jobId} is not part of the plan`);
    return this.ranked(plan, job as DatedJob, slot);
  }

  /** Everyone but the holder, feasible ones ranked by delta_total, refused ones by rule. */
  private ranked(plan: Plan, job: DatedJob, slot: PersonSlot): SlotCandidates {
    const holderId = job[HOLDER[slot]];
    const placed = job.lat !== null && job.lon !== null;
    const refused: Refusal[] = [];
    const alternatives: SlotExplanation['alternatives'] = [];
    for (const person of plan.everyone) {
      if (person.id === holderId) continue;
      const refusal = this.refusal(plan, person, job, slot);
      if (refusal !== null) refused.push(refusal);
      else if (placed)
        alternatives.push(this.alternative(plan.state, plan.weights, person, String(job.id), slot));
    }
    alternatives.sort((a, b) => a.delta_total - b.delta_total || a.name.localeCompare(b.name));
    refused.sort(
      (a, b) => REFUSAL_ORDER[a.kind] - REFUSAL_ORDER[b.kind] || a.name.localeCompare(b.name),
    );
    return { alternatives, refused };
  }

  /** Why `person` cannot take the slot (role, leave, another job, no home place), or null. */
  private refusal(
    plan: Plan,
    person: PlacedPhysicist,
    job: DatedJob,
    slot: PersonSlot,
  ): Refusal | null {
    const who = { physicist_id: person.id, name: person.name };
    const role = ROLE_OF[slot];
    if (person.role !== role) {
      return { ...who, kind: 'wrong_role', reason: wrongRoleText(person.name, person.role, role) };
    }
    const away = leaveOverlapping(person.name, job, plan.leave);
    if (away.length > 0) {
      return { ...who, kind: 'leave', reason: unavailableText(person.name, away) };
    }
    const clash = firstClash([...plan.jobs.values()], PERSON_SLOTS, person.id, job);
    if (clash !== undefined) {
      return { ...who, kind: 'another_job', reason: alreadyOnJobText(person.name, clash) };
    }
    if (person.lat === null || person.lon === null) {
      return {
        ...who,
        kind: 'no_home_location',
        reason: `${person.name}'s home zip ${person.home_zip} is not in the zip table, so the plan cannot place them`,
      };
    }
    return null;
  }

  private alternative(
    state: ObjectiveState,
    weights: Weights,
    person: PlacedPhysicist,
    jobKey: string,
    slot: PersonSlot,
  ): SlotExplanation['alternatives'][number] {
    const id = String(person.id);
    const { total, ...delta } = state.deltaIf(jobKey, slot, id);
    return {
      physicist_id: person.id,
      name: person.name,
      miles: state.miles(id, jobKey),
      delta_total: total,
      delta,
      delta_terms: {
        coverage: UNASSIGNED_PENALTY * delta.unassigned,
        proximity: (weights.proximity * delta.distance_miles) / 100,
        balance: weights.job_balance * delta.balance,
        rotation: weights.staff_rotation * delta.rotation,
        preference: preferenceWeight(weights) * delta.avoided_days,
      },
    };
  }
}

/**
 * Why the holder stays although someone else would be better in F alone:
 * the best such alternative would improve F, but by less than changing a
 * planned slot costs (the stability weight, docs/optimization.md "Planning
 * over time"). Null when no alternative is better in F.
 */
function keptAsPlanned(alternatives: SlotExplanation['alternatives']): string | null {
  const better = alternatives.find((a) => a.delta.f < 0 && a.delta_total >= 0);
  if (better === undefined) return null;
  const miles = Math.round(-better.delta.distance_miles);
  const saving =
    miles > 0 ? `would save ${miles} mi` : `would improve F by ${(-better.delta.f).toFixed(2)}`;
  return `Kept as planned: ${better.name} ${saving}, less than changing a planned slot costs`;
}
