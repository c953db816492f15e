import type { RequestDecision, RequestInbox, RequestItem, SwapRequest } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AuthUser } from '../http/fastify-types';
import { conflict, notFound } from '../http/http-error';
import type { WhatIfRequests } from '../kinds/what-if/what-if-requests.service';
import { readableDate } from '../plan-window/plan-window.service';
import type { AvailabilityService } from '../services/availability.service';
import type { NotificationsService } from '../services/notifications.service';
import type { LeaveRequestRecord, LeaveRequestsRepository } from './leave-requests.repository';
import { toLeaveRequest } from './leave-requests.service';

/** A leave's days in words: one date, or the first and last. */
export const leaveDays = (row: { start: string; end: string }) =>
  row.start === row.end
    ? readableDate(row.start)
    : `${readableDate(row.start)} to ${readableDate(row.end)}`;

/** The notice the asker gets of a decision. */
export function decisionNotice(
  row: { start: string; end: string },
  decision: 'approved' | 'declined',
  by: string,
  reason: string,
): string {
  const because = reason === '' ? '.' : `: ${reason}`;
  return decision === 'approved'
    ? `Your leave ${leaveDays(row)} was approved by ${by}${because}`
    : `Your leave request for ${leaveDays(row)} was declined by ${by}${because}`;
}

/**
 * Swaps (offers/, kind `swap`) in the same inbox. Their ids share leave
 * requests' sequence (migration 0027), so an id names one item of either kind.
 */
export interface SwapInbox {
  items(): Promise<SwapRequest[]>;
  owns(id: number): Promise<boolean>;
  approve(id: number, reason: string, user: AuthUser): Promise<RequestDecision>;
  decline(id: number, reason: string, user: AuthUser): Promise<RequestDecision>;
}

/**
 * The managers' side of requests: the inbox, and deciding. Approving records
 * the leave (AvailabilityService's rules), tells the asker, and queues a
 * what-if for the physicist's absence whose proposal is the smallest repair
 * of the plan; all in the transaction that stores the what-if's task, so an
 * approval and its repair exist together or not at all.
 */
export class RequestDecisions {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly requests: LeaveRequestsRepository,
    private readonly availability: AvailabilityService,
    private readonly notifications: NotificationsService,
    private readonly repairs: WhatIfRequests,
    private readonly swaps: SwapInbox,
  ) {}

  /**
   * Every pending request of either kind (oldest first), then the latest
   * decided ones (newest first), and the pending count.
   */
  async inbox(): Promise<RequestInbox> {
    const all: RequestItem[] = [
      ...(await this.requests.inbox()).map(toLeaveRequest),
      ...(await this.swaps.items()),
    ];
    const pending = all.filter((i) => i.status === 'pending').sort((a, b) => a.id - b.id);
    const decided = all.filter((i) => i.status !== 'pending').sort((a, b) => b.id - a.id);
    return { items: [...pending, ...decided], pending: pending.length };
  }

  /**
   * Approves a pending request (404 unknown, 409 once decided): leave
   * answers with its repair's task; a swap is applied as a recorded run.
   */
  async approve(id: number, reason: string, user: AuthUser): Promise<RequestDecision> {
    if (await this.swaps.owns(id)) return this.swaps.approve(id, reason, user);
    const asked = pendingOrRefuse(await this.requests.find(id), id);
    let wake = () => Promise.resolve();
    const started = await this.repairs.start(
      { physicist_id: asked.physicist_id, start: asked.start, end: asked.end },
      user,
      async (trx, { taskId, proposalId }) => {
        const row = pendingOrRefuse(await this.requests.find(id, trx, true), id);
        const leave = await this.availability.add(
          { physicist_name: row.physicist_name, start_date: row.start, end_date: row.end },
          trx,
        );
        await this.requests.decide(
          id,
          {
            status: 'approved',
            decidedBy: user.username,
            reason,
            unavailabilityId: leave.id,
            taskId,
            proposalId,
          },
          trx,
        );
        wake = await this.notifications.create(
          [
            {
              user_id: row.user_id,
              message: decisionNotice(row, 'approved', user.username, reason),
            },
          ],
          trx,
        );
      },
    );
    await wake();
    const request = toLeaveRequest((await this.requests.find(id))!);
    return {
      request,
      message: `Approved: ${request.physicist.name}'s leave ${leaveDays(request)} is recorded and they are told. ${started.name}: the repair is being prepared as a proposal to review.`,
    };
  }

  /** Declines a pending request with a reason the asker is told (404 unknown, 409 once decided). */
  async decline(id: number, reason: string, user: AuthUser): Promise<RequestDecision> {
    if (await this.swaps.owns(id)) return this.swaps.decline(id, reason, user);
    let wake = () => Promise.resolve();
    await this.db.transaction().execute(async (trx) => {
      const row = pendingOrRefuse(await this.requests.find(id, trx, true), id);
      await this.requests.decide(id, { status: 'declined', decidedBy: user.username, reason }, trx);
      wake = await this.notifications.create(
        [{ user_id: row.user_id, message: decisionNotice(row, 'declined', user.username, reason) }],
        trx,
      );
    });
    await wake();
    const request = toLeaveRequest((await this.requests.find(id))!);
    return {
      request,
      message: `Declined: ${request.physicist.name} is told why.`,
    };
  }
}

function pendingOrRefuse(row: LeaveRequestRecord | undefined, id: number): LeaveRequestRecord {
  if (row === undefined) throw notFound(`Request ${id} not found`);
  if (row.status !== 'pending') {
    const by = row.decided_by === null ? '' : ` by ${row.decided_by}`;
    throw conflict(
      `Request ${id} was already ${row.status}${by}; only a pending request can be decided`,
    );
  }
  return row;
}
