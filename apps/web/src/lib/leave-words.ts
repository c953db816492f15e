import type { LeaveRequestStatus } from '@meridian/contracts';
import { dayInWords } from './plan-phase';

/** "4 Jan 2027 to 8 Jan 2027 (5 days)", or "4 Jan 2027 (1 day)". */
export function leaveDaysInWords(start: string, end: string, days: number): string {
  const span = start === end ? dayInWords(start) : `${dayInWords(start)} to ${dayInWords(end)}`;
  return `${span} (${days} day${days === 1 ? '' : 's'})`;
}

/** A request's state in words, with the chip colour it is shown in. */
export const LEAVE_STATUS: Record<
  LeaveRequestStatus,
  { label: string; color: 'warning' | 'success' | 'error' | 'default' }
> = {
  pending: { label: 'Waiting for a decision', color: 'warning' },
  approved: { label: 'Approved', color: 'success' },
  declined: { label: 'Declined', color: 'error' },
  withdrawn: { label: 'Withdrawn', color: 'default' },
};

/** "Approved by manager1: Enjoy", or null while nobody has decided. */
export function decisionInWords(request: {
  status: LeaveRequestStatus;
  decided_by: string | null;
  reason: string;
}): string | null {
  if (request.decided_by === null) return null;
  const verb = request.status === 'approved' ? 'Approved' : 'Declined';
  return request.reason === ''
    ? `${verb} by ${request.decided_by}`
    : `${verb} by ${request.decided_by}: ${request.reason}`;
}
