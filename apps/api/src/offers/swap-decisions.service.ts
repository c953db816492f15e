import type { RequestDecision, SwapRequest } from '@meridian/contracts';
import { jobPhase, wrongRoleText, type Weights } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AuthUser } from '../http/fastify-types';
import { conflict, notFound } from '../http/http-error';
import { coordsOfZip } from '../io/zip-rules';
import { startsOf } from '../plan-history/plan-summary';
import type { RunRecorder } from '../plan-history/run-recorder';
import type { JobsRepository, StoredJob } from '../repositories/jobs.repository';
import type { PhysicistsRepository } from '../repositories/physicists.repository';
import type { UsersRepository } from '../repositories/users.repository';
import type { AssignmentChecks } from '../services/assignment-checks';
import type { PublishedChangeTeller } from '../services/assignments.service';
import type { InstanceBuilder } from '../services/instance-builder';
import type { NotificationsService } from '../services/notifications.service';
import type { PlanWindowReader } from '../services/schedule.service';
import type { SettingsService } from '../services/settings.service';
import { offerJobText, SLOT_WORDS, toSwapRequest } from './offer-words';
import type { OfferRecord, OffersRepository } from './offers.repository';

const ROLE_OF_SLOT = { lead: 'lead', data_acq: 'dataacq' } as const;
const HOLDER = { lead: 'assigned_lead_id', data_acq: 'assigned_data_acq_id' } as const;

/** The job's reason text once a person holds a slot (AssignmentsService.reasonWith). */
export interface SlotReasons {
  reasonWith(
    stored: StoredJob,
    slot: 'lead' | 'data_acq',
    personId: number | null,
    trx: Kysely<DB>,
  ): Promise<string>;
}

/** An offer with its taker: what an approval applies. */
export type TakenOffer = OfferRecord & { taker_physicist_id: number; taker_name: string };

/** Who decides an approval and how it is recorded. */
export interface SwapApproval {
  /** The manager's username; null for the automatic approval. */
  decidedBy: string | null;
  reason: string;
  isAutoApproved: boolean;
  /** The user the recorded run is credited to. */
  createdBy: number;
  weights: Required<Weights>;
}

/**
 * The managers' side of swaps: the inbox items, approving and declining.
 * Approving checks every hard rule again with the plan locked, gives the
 * slot to the taker (locked, so no run moves it back), records the write as
 * a run of kind `swap` with F before and after, and tells both physicists and
 * the managers: one transaction, so the change, its run and its notices exist
 * together or not at all.
 */
export class SwapDecisions {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly offers: OffersRepository,
    private readonly jobs: JobsRepository,
    private readonly physicists: PhysicistsRepository,
    private readonly users: UsersRepository,
    private readonly checks: AssignmentChecks,
    private readonly reasons: SlotReasons,
    private readonly builder: InstanceBuilder,
    private readonly settings: SettingsService,
    private readonly recorder: RunRecorder,
    private readonly notifications: NotificationsService,
    private readonly changes: PublishedChangeTeller,
    private readonly window: PlanWindowReader,
  ) {}

  /** Accepted offers waiting for a decision (oldest first), then the latest decided ones. */
  async items(): Promise<SwapRequest[]> {
    return (await this.offers.inbox()).map(toSwapRequest);
  }

  /** Whether `id` names an offer (leave requests and offers share one id sequence). */
  async owns(id: number): Promise<boolean> {
    return (await this.offers.find(id)) !== undefined;
  }

  /** Approves an accepted offer (404 unknown, 409 not waiting or a hard rule broken now). */
  async approve(id: number, reason: string, user: AuthUser): Promise<RequestDecision> {
    const weights = await this.settings.getWeights();
    const wake = await this.db.transaction().execute(async (trx) => {
      const row = waitingOrRefuse(await this.offers.find(id, trx, true), id);
      return this.applyIn(trx, row, {
        decidedBy: user.username,
        reason,
        isAutoApproved: false,
        createdBy: user.id,
        weights,
      });
    });
    await wake();
    const request = toSwapRequest((await this.offers.find(id))!);
    return {
      request,
      message: `Approved: ${request.to.name} now has the ${SLOT_WORDS[request.slot]} slot on ${offerJobText({ customer: request.job.customer, start: request.job.start, end: request.job.end })}, locked; both are told.`,
    };
  }

  /** Declines an accepted offer with a reason both physicists are told (404 unknown, 409 not waiting). */
  async decline(id: number, reason: string, user: AuthUser): Promise<RequestDecision> {
    const wake = await this.db.transaction().execute(async (trx) => {
      const row = waitingOrRefuse(await this.offers.find(id, trx, true), id);
      await this.offers.decide(id, { status: 'declined', decidedBy: user.username, reason }, trx);
      const what = `${row.taker_name} taking your ${SLOT_WORDS[row.slot]} slot on ${offerJobText(row)}`;
      const notices = [
        {
          user_id: row.user_id,
          message: `The swap of ${what} was declined by ${user.username}: ${reason}`,
        },
      ];
      if (row.taker_user_id !== null)
        notices.push({
          user_id: row.taker_user_id,
          message: `Your taking ${row.physicist_name}'s ${SLOT_WORDS[row.slot]} slot on ${offerJobText(row)} was declined by ${user.username}: ${reason}`,
        });
      return this.notifications.create(notices, trx);
    });
    await wake();
    const request = toSwapRequest((await this.offers.find(id))!);
    return {
      request,
      message: `Declined: ${request.from.name} and ${request.to.name} are told why.`,
    };
  }

  /**
   * Why the taker cannot take the offered slot now, as a 409: see brokenRule.
   * Call inside the transaction that writes.
   */
  async refuseIfBroken(row: OfferRecord, takerId: number, trx: Kysely<DB>): Promise<void> {
    const broken = await this.brokenRule(row, takerId, trx);
    if (broken !== null) throw conflict(`${broken}; nothing was changed`);
  }

  /**
   * The hard rule the swap would break now, in words, or null: the offerer
   * no longer holds the slot, the job was deleted, has started or lost its
   * dates or place, the taker was deleted, is of the other role, on leave or
   * on an overlapping job. The swap's impact shows it (swap-impact.ts).
   */
  async brokenRule(
    row: OfferRecord,
    takerId: number,
    trx: Kysely<DB> = this.db,
  ): Promise<string | null> {
    const stored = await this.jobs.findStored(row.job_id, trx);
    if (stored === undefined) return `Job ${row.job_id} was deleted`;
    const slot = SLOT_WORDS[row.slot];
    if (stored[HOLDER[row.slot]] !== row.physicist_id)
      return `${row.physicist_name} no longer holds the ${slot} slot of job ${row.job_id}, so the swap cannot apply`;
    if (stored.start === null || stored.end === null)
      return `Job ${row.job_id} has no dates any more`;
    const window = await this.window(trx);
    if (jobPhase(stored.start, window) === 'past')
      return `Job ${row.job_id} started on ${stored.start}, before today (${window.today}): the past is kept as it happened`;
    if (coordsOfZip(stored.zip_code) === null)
      return `Job ${row.job_id} has no usable zip code ('${stored.zip_code}'), so nobody can be assigned to it`;
    const taker = await this.physicists.find(takerId, trx);
    if (taker === undefined) return `Physicist ${takerId} was deleted`;
    if (taker.role !== ROLE_OF_SLOT[row.slot])
      return wrongRoleText(taker.name, taker.role, ROLE_OF_SLOT[row.slot]);
    const days = { start: stored.start, end: stored.end };
    const busy = await this.checks.personBusy(taker, row.job_id, days, trx);
    return busy === null ? null : `${busy}, which overlaps ${days.start} to ${days.end}`;
  }

  /**
   * Applies an accepted offer in `trx`: the plan locked, every hard rule
   * checked again, the slot given to the taker and locked, the write recorded
   * as a run of kind `swap`, the offer approved, and both physicists and the
   * managers told. Answers what wakes their streams once it commits.
   */
  async applyIn(
    trx: Kysely<DB>,
    row: TakenOffer,
    approval: SwapApproval,
  ): Promise<() => Promise<void>> {
    const started = performance.now();
    await this.jobs.lockForPlanWrite(trx);
    await this.refuseIfBroken(row, row.taker_physicist_id, trx);
    const stored = (await this.jobs.findStored(row.job_id, trx))!;
    const { weights } = approval;
    const before = await this.jobs.planSlots(trx);
    const built = await this.builder.build(trx, weights, { scope: 'published' });
    const text = await this.reasons.reasonWith(stored, row.slot, row.taker_physicist_id, trx);
    // setSlot locks (pins) the slot it sets: no later run gives it back.
    await this.jobs.setSlot(row.job_id, row.slot, row.taker_physicist_id, text, trx);
    const after = await this.jobs.planSlots(trx);
    const rebuilt = await this.builder.build(trx, weights, { scope: 'published' });
    const slot = SLOT_WORDS[row.slot];
    const job = offerJobText(row);
    const run = await this.recorder.recordWrite(
      trx,
      {
        kind: 'swap',
        taskId: null,
        algorithm: null,
        weights,
        instance: built.instance,
        instanceAfter: rebuilt.instance,
        planning: built.planning,
        startOf: startsOf(built),
        restoredRunId: null,
        createdBy: approval.createdBy,
        startedMs: started,
        correctionReason: `${row.taker_name} takes ${row.physicist_name}'s ${slot} slot on ${job} (offer ${row.id})`,
      },
      before,
      after,
    );
    await this.offers.decide(
      row.id,
      {
        status: 'approved',
        decidedBy: approval.decidedBy,
        reason: approval.reason,
        isAutoApproved: approval.isAutoApproved,
        runId: run.id,
      },
      trx,
    );
    const by = approval.decidedBy === null ? 'automatically' : `by ${approval.decidedBy}`;
    const because = approval.reason === '' ? '' : `: ${approval.reason}`;
    const notices = [
      {
        user_id: row.user_id,
        message: `Your ${slot} slot on ${job} now goes to ${row.taker_name}: the swap was approved ${by}${because}`,
      },
    ];
    if (row.taker_user_id !== null)
      notices.push({
        user_id: row.taker_user_id,
        message: `You now have ${row.physicist_name}'s ${slot} slot on ${job}: the swap was approved ${by}${because}`,
      });
    const managers = await this.managerIds(trx);
    for (const id of managers) {
      if (id === approval.createdBy && !approval.isAutoApproved) continue;
      notices.push({
        user_id: id,
        message: `Swap approved ${by}: ${row.taker_name} takes ${row.physicist_name}'s ${slot} slot on ${job} (run #${run.id})`,
      });
    }
    const wakeNotices = await this.notifications.create(notices, trx);
    const wakeChanges = await this.changes.tell(trx);
    return async () => {
      await wakeNotices();
      await wakeChanges();
    };
  }

  /** The ids of every admin and manager account: who decides swaps. */
  async managerIds(trx: Kysely<DB>): Promise<number[]> {
    return (await this.users.list(trx))
      .filter((u) => u.role === 'admin' || u.role === 'manager')
      .map((u) => u.id);
  }
}

/** The offer if it waits for a decision (accepted, with a taker): else 404 or 409. */
function waitingOrRefuse(row: OfferRecord | undefined, id: number): TakenOffer {
  if (row === undefined) throw notFound(`Request ${id} not found`);
  if (row.status !== 'accepted' || row.taker_physicist_id === null || row.taker_name === null) {
    const state =
      row.status === 'open' ? 'still open: nobody has accepted it yet' : `already ${row.status}`;
    const by = row.decided_by === null ? '' : ` by ${row.decided_by}`;
    throw conflict(
      `Swap ${id} is ${state}${row.status === 'open' ? '' : by}; only an accepted swap can be decided`,
    );
  }
  return { ...row, taker_physicist_id: row.taker_physicist_id, taker_name: row.taker_name };
}
