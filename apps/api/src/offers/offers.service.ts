import type { MyOffers, NewOffer, Offer, OfferAccepted, ScheduleSlot } from '@meridian/contracts';
import { jobPhase } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AuthUser } from '../http/fastify-types';
import { conflict, notFound } from '../http/http-error';
import type { JobsRepository } from '../repositories/jobs.repository';
import type { UsersRepository } from '../repositories/users.repository';
import type { SlotCandidates } from '../services/explain.service';
import type { NotificationsService } from '../services/notifications.service';
import type { PlanWindowReader, ScheduleService } from '../services/schedule.service';
import type { SettingsService } from '../services/settings.service';
import { offerJobText, SLOT_WORDS, toOffer } from './offer-words';
import type { OffersRepository } from './offers.repository';
import type { SwapDecisions } from './swap-decisions.service';

const HOLDER = { lead: 'assigned_lead_id', data_acq: 'assigned_data_acq_id' } as const;

/** Who could take a slot, ranked as the explanation ranks alternatives (ExplainService). */
export interface SlotRanking {
  slotCandidates(jobId: number, slot: ScheduleSlot): Promise<SlotCandidates>;
}

/**
 * A linked physicist's side of swaps and covers: offer one of their own
 * future slots (the colleagues who could take it under every hard rule are
 * ranked by the exact change of the objective and told), list their own
 * offers and those made to them, withdraw, and accept one made to them.
 */
export class OffersService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly offers: OffersRepository,
    private readonly jobs: JobsRepository,
    private readonly users: UsersRepository,
    private readonly schedule: ScheduleService,
    private readonly window: PlanWindowReader,
    private readonly ranking: SlotRanking,
    private readonly notifications: NotificationsService,
    private readonly settings: SettingsService,
    private readonly decisions: SwapDecisions,
  ) {}

  /**
   * Offers one of the caller's own slots of a job not yet started: 404 for
   * an unknown job, 409 when the account is not linked, the slot is not
   * theirs, the job has started or already has an open offer for that slot.
   */
  async offer(user: AuthUser, body: NewOffer & { note: string }): Promise<Offer> {
    const physicist = await this.linked(user, 'offer a job');
    const stored = await this.jobs.findStored(body.job_id);
    if (stored === undefined) throw notFound(`Job ${body.job_id} not found`);
    const slot = SLOT_WORDS[body.slot];
    if (stored[HOLDER[body.slot]] !== physicist.id)
      throw conflict(
        `You do not hold the ${slot} slot of job ${body.job_id}; you can offer only a slot of your own`,
      );
    const window = await this.window();
    if (stored.start === null || jobPhase(stored.start, window) === 'past')
      throw conflict(
        `Job ${body.job_id} started on ${stored.start}, before today (${window.today}): only jobs not yet started can be offered`,
      );
    const { alternatives } = await this.ranking.slotCandidates(body.job_id, body.slot);
    const linked = new Map((await this.users.linked()).map((u) => [u.physicist_id, u.id] as const));
    let wake = () => Promise.resolve();
    const id = await this.db.transaction().execute(async (trx) => {
      const open = await this.offers.openForSlot(body.job_id, body.slot, trx);
      if (open !== undefined)
        throw conflict(
          `The ${slot} slot of job ${body.job_id} is already offered: offer ${open.id} is ${open.status}`,
        );
      const id = await this.offers.insert(
        {
          userId: user.id,
          physicistId: physicist.id,
          jobId: body.job_id,
          slot: body.slot,
          note: body.note,
        },
        alternatives.map((a) => ({
          physicist_id: a.physicist_id,
          miles: a.miles,
          delta_total: a.delta_total,
          delta_f: a.delta.f,
        })),
        trx,
      );
      const job = offerJobText({ customer: stored.customer, start: stored.start, end: stored.end });
      const notices = alternatives.flatMap((a) => {
        const userId = linked.get(a.physicist_id);
        return userId === undefined
          ? []
          : [
              {
                user_id: userId,
                message: `${physicist.name} offers you their ${slot} slot on ${job}: open My schedule to take it`,
              },
            ];
      });
      wake = await this.notifications.create(notices, trx);
      return id;
    });
    await wake();
    return this.own(id);
  }

  /** The caller's own offers and those made to them (only their own candidate line), newest first. */
  async mine(user: AuthUser): Promise<MyOffers> {
    const own = await this.offers.listForUser(user.id);
    const ownCandidates = await this.offers.candidates(own.map((o) => o.id));
    const physicist = await this.schedule.linkedPhysicist(user.id);
    if (physicist === null) return { mine: own.map((o) => toOffer(o, ownCandidates)), to_me: [] };
    const toMe = await this.offers.listOfferedTo(physicist.id);
    const theirs = (await this.offers.candidates(toMe.map((o) => o.id))).filter(
      (c) => c.physicist_id === physicist.id,
    );
    return {
      mine: own.map((o) => toOffer(o, ownCandidates)),
      to_me: toMe.map((o) => toOffer(o, theirs)),
    };
  }

  /** Withdraws one of the caller's offers not yet decided: 404 for anyone else's, 409 once decided. */
  async withdraw(user: AuthUser, id: number): Promise<Offer> {
    let wake = () => Promise.resolve();
    await this.db.transaction().execute(async (trx) => {
      const row = await this.offers.find(id, trx, true);
      if (row === undefined || row.user_id !== user.id) throw notFound(`Offer ${id} not found`);
      if (row.status !== 'open' && row.status !== 'accepted')
        throw conflict(
          `Offer ${id} is already ${row.status}; only an undecided offer can be withdrawn`,
        );
      await this.offers.decide(id, { status: 'withdrawn', decidedBy: null, reason: '' }, trx);
      if (row.taker_user_id !== null)
        wake = await this.notifications.create(
          [
            {
              user_id: row.taker_user_id,
              message: `${row.physicist_name} withdrew the offer of their ${SLOT_WORDS[row.slot]} slot on ${offerJobText(row)}`,
            },
          ],
          trx,
        );
    });
    await wake();
    return this.own(id);
  }

  /**
   * Accepts an open offer made to the caller's physicist (404 when it was
   * not made to them). Every hard rule is checked again now: 409 naming the
   * conflict when one no longer holds. The swap then waits for a manager,
   * or is approved at once when the admin allows automatic approval and F
   * rises by at most the set amount.
   */
  async accept(user: AuthUser, id: number): Promise<OfferAccepted> {
    const physicist = await this.linked(user, 'accept an offer');
    const row = await this.offers.find(id);
    const listed = await this.offers.candidates([id]);
    if (row === undefined || !listed.some((c) => c.physicist_id === physicist.id))
      throw notFound(`Offer ${id} not found`);
    if (row.status !== 'open') throw conflict(notOpen(row.id, row.status, row.taker_name));
    // The change of F now, with the explanation's rules and numbers.
    const { alternatives, refused } = await this.ranking.slotCandidates(row.job_id, row.slot);
    const mine = alternatives.find((a) => a.physicist_id === physicist.id);
    const refusal = refused.find((r) => r.physicist_id === physicist.id);
    if (refusal !== undefined) throw conflict(`${refusal.reason}; you cannot take this slot now`);
    const auto = await this.settings.getSwapApproval();
    const weights = await this.settings.getWeights();
    let wake = () => Promise.resolve();
    let isApproved = false;
    await this.db.transaction().execute(async (trx) => {
      const now = await this.offers.find(id, trx, true);
      if (now === undefined) throw notFound(`Offer ${id} not found`);
      if (now.status !== 'open') throw conflict(notOpen(now.id, now.status, now.taker_name));
      await this.decisions.refuseIfBroken(now, physicist.id, trx);
      if (mine === undefined)
        throw conflict(
          `Job ${row.job_id} has no usable place, so nobody can be assigned to it; nothing was changed`,
        );
      await this.offers.accept(
        id,
        {
          userId: user.id,
          physicistId: physicist.id,
          deltaTotal: mine.delta_total,
          deltaF: mine.delta.f,
        },
        trx,
      );
      const taken = {
        ...now,
        taker_user_id: user.id,
        taker_physicist_id: physicist.id,
        taker_name: physicist.name,
      };
      if (auto.is_automatic && mine.delta.f <= auto.max_f_increase) {
        isApproved = true;
        wake = await this.decisions.applyIn(trx, taken, {
          decidedBy: null,
          reason: '',
          isAutoApproved: true,
          createdBy: user.id,
          weights,
        });
        return;
      }
      const job = offerJobText(now);
      const slot = SLOT_WORDS[now.slot];
      const managers = await this.decisions.managerIds(trx);
      wake = await this.notifications.create(
        [
          {
            user_id: now.user_id,
            message: `${physicist.name} accepted your ${slot} slot on ${job}; a manager will decide`,
          },
          ...managers.map((m) => ({
            user_id: m,
            message: `Swap to decide: ${physicist.name} would take ${now.physicist_name}'s ${slot} slot on ${job}`,
          })),
        ],
        trx,
      );
    });
    await wake();
    const offer = await this.offeredTo(id, physicist.id);
    const slot = SLOT_WORDS[offer.slot];
    return {
      offer,
      message: isApproved
        ? `Approved automatically: you now have the ${slot} slot on ${offerJobText({ customer: offer.job.customer, start: offer.job.start, end: offer.job.end })}.`
        : `Accepted: a manager will decide, and you will be told.`,
    };
  }

  private async own(id: number): Promise<Offer> {
    const row = (await this.offers.find(id))!;
    return toOffer(row, await this.offers.candidates([id]));
  }

  private async offeredTo(id: number, physicistId: number): Promise<Offer> {
    const row = (await this.offers.find(id))!;
    const listed = await this.offers.candidates([id]);
    return toOffer(
      row,
      listed.filter((c) => c.physicist_id === physicistId),
    );
  }

  private async linked(user: AuthUser, what: string): Promise<{ id: number; name: string }> {
    const physicist = await this.schedule.linkedPhysicist(user.id);
    if (physicist === null)
      throw conflict(
        `Your account is not linked to a physicist, so it cannot ${what}; ask an admin to link it`,
      );
    return physicist;
  }
}

function notOpen(id: number, status: string, taker: string | null): string {
  const by = status === 'accepted' && taker !== null ? ` by ${taker}` : '';
  return `Offer ${id} is already ${status}${by}; only an open offer can be accepted`;
}
