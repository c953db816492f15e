import type { LeaveRequest } from '@meridian/contracts';
import { dayNumber, inclusiveDays } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { AuthUser } from '../http/fastify-types';
import { badRequest, conflict, notFound } from '../http/http-error';
import type { PlanWindowReader, ScheduleService } from '../services/schedule.service';
import type { LeaveRequestRecord, LeaveRequestsRepository } from './leave-requests.repository';

/** The longest leave one request may ask for: a year; more is a typo. */
export const MAX_LEAVE_DAYS = 366;
/** How far ahead leave may start: two years is a planner's horizon twice over. */
export const MAX_LEAVE_DAYS_AHEAD = 731;

/** The wire form of a stored request. */
export function toLeaveRequest(row: LeaveRequestRecord): LeaveRequest {
  return {
    kind: 'leave',
    id: row.id,
    status: row.status,
    physicist: { id: row.physicist_id, name: row.physicist_name },
    requested_by: row.username,
    start: row.start,
    end: row.end,
    days: inclusiveDays(row.start, row.end),
    note: row.note,
    created_at: row.created_at,
    decided_at: row.decided_at,
    decided_by: row.decided_by,
    reason: row.reason,
    repair:
      row.task_id === null || row.proposal_id === null || row.proposal_status === null
        ? null
        : {
            task_id: row.task_id,
            proposal_id: row.proposal_id,
            proposal_status: row.proposal_status,
          },
  };
}

/** A linked physicist's side of leave requests: ask, list their own, withdraw. */
export class LeaveRequestsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly requests: LeaveRequestsRepository,
    private readonly schedule: ScheduleService,
    private readonly planWindow: PlanWindowReader,
  ) {}

  /**
   * Stores a pending request for the physicist the account is linked to
   * (409 when it is not). The dates must be from today on, at most a year
   * long and start within two years; a pending or approved request of
   * theirs on any of the same days is a 409 naming it.
   */
  async ask(
    user: AuthUser,
    body: { start: string; end: string; note: string },
  ): Promise<LeaveRequest> {
    const physicist = await this.linked(user);
    const { today } = await this.planWindow();
    if (body.start < today)
      throw badRequest(`Invalid body field 'start': ${body.start} is before today (${today})`);
    if (inclusiveDays(body.start, body.end) > MAX_LEAVE_DAYS)
      throw badRequest(
        `Invalid body field 'end': leave of ${inclusiveDays(body.start, body.end)} days is longer than a year; ask for it in parts`,
      );
    if (dayNumber(body.start) - dayNumber(today) > MAX_LEAVE_DAYS_AHEAD)
      throw badRequest(
        `Invalid body field 'start': ${body.start} is more than two years after today (${today})`,
      );
    const id = await this.db.transaction().execute(async (trx) => {
      const open = await this.requests.overlappingOpen(physicist.id, body.start, body.end, trx);
      const first = open[0];
      if (first !== undefined)
        throw conflict(
          `You already asked for leave on some of these days: request ${first.id}, ${first.start} to ${first.end}, is ${first.status}`,
        );
      return this.requests.insert(
        {
          userId: user.id,
          physicistId: physicist.id,
          start: body.start,
          end: body.end,
          note: body.note,
        },
        trx,
      );
    });
    return toLeaveRequest((await this.requests.find(id))!);
  }

  /** The user's own requests, newest first (none when the account is not linked). */
  async mine(user: AuthUser): Promise<LeaveRequest[]> {
    return (await this.requests.listForUser(user.id)).map(toLeaveRequest);
  }

  /** Withdraws one of the user's pending requests: 404 for anyone else's, 409 once decided. */
  async withdraw(user: AuthUser, id: number): Promise<LeaveRequest> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.requests.find(id, trx, true);
      if (row === undefined || row.user_id !== user.id)
        throw notFound(`Leave request ${id} not found`);
      if (row.status !== 'pending')
        throw conflict(
          `Leave request ${id} is already ${row.status}; only a pending one can be withdrawn`,
        );
      await this.requests.decide(id, { status: 'withdrawn', decidedBy: null, reason: '' }, trx);
    });
    return toLeaveRequest((await this.requests.find(id))!);
  }

  private async linked(user: AuthUser): Promise<{ id: number; name: string }> {
    const physicist = await this.schedule.linkedPhysicist(user.id);
    if (physicist === null)
      throw conflict(
        'Your account is not linked to a physicist, so it cannot ask for leave; ask an admin to link it',
      );
    return physicist;
  }
}
