import type { SwapImpact, SwapNow } from '@meridian/contracts';
import { notFound } from '../http/http-error';
import { offeredSlot } from './offer-words';
import type { OfferRecord, OffersRepository } from './offers.repository';
import type { SlotRanking } from './offers.service';
import type { SwapDecisions } from './swap-decisions.service';

/**
 * What approving a swap would do to the plan, for the manager deciding it
 * (GET /requests/{id}/impact of kind `swap`, beside a leave request's in
 * leave-requests/request-impact.ts): which slot of which job moves from
 * whom to whom, F's change stored when the taker accepted, and, read now,
 * whether every hard rule still holds (the same check an approval makes,
 * SwapDecisions.brokenRule, plus the explanation's refusal of a taker the
 * plan cannot place) and F's change now with the explanation's ranking
 * (ExplainService.slotCandidates), which an approval would then record.
 *
 * Read without a transaction: an advisory view, and the approval checks
 * every rule again with the plan locked.
 */
export class SwapImpactReader {
  constructor(
    private readonly offers: OffersRepository,
    private readonly rules: Pick<SwapDecisions, 'brokenRule'>,
    private readonly ranking: SlotRanking,
  ) {}

  /** Whether `id` names an offer (leave requests and offers share one id sequence). */
  async owns(id: number): Promise<boolean> {
    return (await this.offers.find(id)) !== undefined;
  }

  /** The impact of swap `id`: 404 when unknown or not yet accepted by anyone (not a swap yet). */
  async impact(id: number): Promise<SwapImpact> {
    const row = await this.offers.find(id);
    if (row === undefined) throw notFound(`Request ${id} not found`);
    if (row.taker_physicist_id === null || row.taker_name === null)
      throw notFound(
        `Request ${id} not found: offer ${id} has no taker yet, so there is no swap to decide`,
      );
    return {
      kind: 'swap',
      request_id: id,
      ...offeredSlot(row),
      to: { id: row.taker_physicist_id, name: row.taker_name },
      at_accept: { delta_total: row.delta_total ?? 0, delta_f: row.delta_f ?? 0 },
      now: row.status === 'accepted' ? await this.now(row, row.taker_physicist_id) : null,
    };
  }

  private async now(row: OfferRecord, takerId: number): Promise<SwapNow> {
    const broken = await this.rules.brokenRule(row, takerId);
    if (broken !== null) return { rules_hold: false, conflict: broken, delta: null };
    const { alternatives, refused } = await this.ranking.slotCandidates(row.job_id, row.slot);
    const refusal = refused.find((r) => r.physicist_id === takerId);
    if (refusal !== undefined) return { rules_hold: false, conflict: refusal.reason, delta: null };
    const taker = alternatives.find((a) => a.physicist_id === takerId);
    // brokenRule passed, so the job has dates and a place: every other physicist is ranked or refused.
    if (taker === undefined)
      return {
        rules_hold: false,
        conflict: `Job ${row.job_id} is not part of the plan`,
        delta: null,
      };
    return {
      rules_hold: true,
      conflict: null,
      delta: { delta_total: taker.delta_total, delta_f: taker.delta.f },
    };
  }
}
