import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { HandedOverSlot, RepairAppliedListener } from '../plan-history/proposals.service';
import type { NotificationsRepository } from '../repositories/notifications.repository';
import type { NotificationSignal } from '../services/notifications.service';
import type { LeaveRequestsRepository } from './leave-requests.repository';
import { leaveDays } from './request-decisions.service';

/** At most this many handed-over jobs are named; the rest are counted. */
const NAMED = 5;
const SLOT_WORDS = { lead: 'lead', data_acq: 'data acquisition', kit: 'kit' } as const;

/** The notice telling the asker of a leave request who now has their jobs. */
export function coverNotice(
  leave: { start: string; end: string },
  handed: readonly HandedOverSlot[],
): string {
  const parts = handed.map(
    (h) =>
      `${h.customer.trim() || `Job ${h.job_id}`} (${SLOT_WORDS[h.slot]}) ${
        h.to === null ? 'is left open for now' : `goes to ${h.to}`
      }`,
  );
  const more = parts.length > NAMED ? `; and ${parts.length - NAMED} more` : '';
  return `Your leave ${leaveDays(leave)} is covered: ${parts.slice(0, NAMED).join('; ')}${more}.`;
}

/**
 * When the repair prepared for an approved leave request is applied, its
 * asker hears who took over their jobs, draft ones included: they asked, so
 * the answer is theirs even where nothing published changed
 * (plan-window/plan-change-notices.ts tells only published changes).
 */
export class LeaveCoverNotices implements RepairAppliedListener {
  constructor(
    private readonly requests: LeaveRequestsRepository,
    private readonly notifications: NotificationsRepository,
    private readonly signal: NotificationSignal,
  ) {}

  async applied(
    trx: Kysely<DB>,
    proposalId: number,
    handed: readonly HandedOverSlot[],
  ): Promise<() => Promise<void>> {
    const request = await this.requests.findByProposal(proposalId, trx);
    if (request === undefined || handed.length === 0) return () => Promise.resolve();
    await this.notifications.insertMany(
      [{ user_id: request.user_id, message: coverNotice(request, handed) }],
      trx,
    );
    return () => this.signal.wake([request.user_id]);
  }
}
