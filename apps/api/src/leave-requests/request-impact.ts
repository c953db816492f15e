import type { ImpactedSlot, LeaveImpact, RequestImpact, SwapImpact } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { notFound } from '../http/http-error';
import { coordsOfZip } from '../io/zip-rules';
import type { AnalysisRepository } from '../repositories/analysis.repository';
import type { AvailabilityRepository } from '../repositories/availability.repository';
import type { PhysicistsRepository } from '../repositories/physicists.repository';
import { candidateFinderFor } from '../services/candidates';
import type { PlanWindowReader, ScheduleService } from '../services/schedule.service';
import type { LeaveRequestsRepository } from './leave-requests.repository';

const ROLE_OF_SLOT = { lead: 'lead', data_acq: 'dataacq' } as const;

/**
 * Swaps' impact (offers/swap-impact.ts). Their ids share leave requests'
 * sequence (migration 0027), so an id names one item of either kind.
 */
export interface SwapImpacts {
  owns(id: number): Promise<boolean>;
  impact(id: number): Promise<SwapImpact>;
}

/**
 * What a request would do to the plan, before anyone decides. A leave
 * request's: the physicist's jobs not yet over that the dates hit, and for
 * each slot the nearest colleagues of its role free for the whole job (the
 * candidate search of services/candidates.ts, with the asked days counted as
 * leave). A swap's is read by SwapImpacts.
 */
export class RequestImpactReader {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly requests: LeaveRequestsRepository,
    private readonly schedule: ScheduleService,
    private readonly planWindow: PlanWindowReader,
    private readonly analysis: AnalysisRepository,
    private readonly physicists: PhysicistsRepository,
    private readonly leave: AvailabilityRepository,
    private readonly swaps: SwapImpacts,
  ) {}

  /** The impact of request `id` of either kind (404 when unknown). */
  async impact(id: number): Promise<RequestImpact> {
    if (await this.swaps.owns(id)) return this.swaps.impact(id);
    return this.leaveImpact(id);
  }

  /** The impact of leave request `id` (404 when unknown), read in one snapshot. */
  private async leaveImpact(id: number): Promise<LeaveImpact> {
    return this.db.transaction().execute(async (trx) => {
      const request = await this.requests.find(id, trx);
      if (request === undefined) throw notFound(`Request ${id} not found`);
      const { today } = await this.planWindow(trx);
      const pid = request.physicist_id;
      const entries = (await this.schedule.slotsOf([pid], trx)).get(pid) ?? [];
      const hit = entries.filter(
        (e) =>
          e.start !== null &&
          e.end !== null &&
          e.end >= today &&
          e.start <= request.end &&
          e.end >= request.start,
      );
      if (hit.length === 0) return { kind: 'leave', request_id: id, slots: [], uncovered: 0 };
      const finder = candidateFinderFor(
        {
          roster: await this.physicists.list(trx),
          leave: await this.leave.list(trx),
          jobs: await this.analysis.jobs(trx),
        },
        [{ personId: pid, start: request.start, end: request.end, jobId: null }],
      );
      const slots: ImpactedSlot[] = hit.map((e) => {
        const site = coordsOfZip(e.zip_code);
        const candidates =
          site === null
            ? []
            : finder
                .nearestFree(
                  { id: e.job_id, start: e.start!, end: e.end!, site },
                  ROLE_OF_SLOT[e.slot],
                )
                .map((c) => ({ name: c.name, miles: Math.round(c.miles) }));
        return {
          job_id: e.job_id,
          customer: e.customer,
          location: e.location,
          start: e.start!,
          end: e.end!,
          slot: e.slot,
          phase: e.phase,
          candidates,
          coverable: candidates.length > 0,
        };
      });
      return {
        kind: 'leave',
        request_id: id,
        slots,
        uncovered: slots.filter((s) => !s.coverable).length,
      };
    });
  }
}
