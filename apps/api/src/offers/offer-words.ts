import type { Offer, OfferCandidate, SwapRequest } from '@meridian/contracts';
import { readableDate } from '../plan-window/plan-window.service';
import type { OfferCandidateRecord, OfferRecord } from './offers.repository';

/** How notices and answers name a slot. */
export const SLOT_WORDS = { lead: 'lead', data_acq: 'data-acquisition' } as const;

/** "Mercy Hospital, 4 Jan 2027 to 5 Jan 2027": the job an offer is about, in words. */
export function offerJobText(row: {
  customer: string;
  start: string | null;
  end: string | null;
}): string {
  if (row.start === null || row.end === null) return row.customer;
  const when =
    row.start === row.end
      ? readableDate(row.start)
      : `${readableDate(row.start)} to ${readableDate(row.end)}`;
  return `${row.customer}, ${when}`;
}

const candidateOf = (c: OfferCandidateRecord): OfferCandidate => ({
  physicist_id: c.physicist_id,
  name: c.name,
  miles: c.miles,
  delta_total: c.delta_total,
  delta_f: c.delta_f,
});

/** The job, slot and holder an offer is about, as both its forms show them. */
export const offeredSlot = (row: OfferRecord) => ({
  job: {
    id: row.job_id,
    customer: row.customer,
    location: row.location,
    start: row.start,
    end: row.end,
  },
  slot: row.slot,
  from: { id: row.physicist_id, name: row.physicist_name },
});

/** The wire form of a stored offer with the candidates the viewer may see. */
export function toOffer(row: OfferRecord, candidates: readonly OfferCandidateRecord[]): Offer {
  return {
    id: row.id,
    status: row.status,
    ...offeredSlot(row),
    offered_by: row.username,
    note: row.note,
    created_at: row.created_at,
    candidates: candidates.filter((c) => c.offer_id === row.id).map(candidateOf),
    taker:
      row.taker_physicist_id === null || row.taker_name === null
        ? null
        : { id: row.taker_physicist_id, name: row.taker_name },
    accepted_at: row.accepted_at,
    delta_total: row.delta_total,
    delta_f: row.delta_f,
    decided_at: row.decided_at,
    decided_by: row.decided_by,
    is_auto_approved: row.is_auto_approved,
    reason: row.reason,
    run_id: row.run_id,
  };
}

const INBOX_STATUS = {
  open: 'pending',
  accepted: 'pending',
  approved: 'approved',
  declined: 'declined',
  withdrawn: 'withdrawn',
} as const;

/** The inbox form of an offer that has a taker (kind `swap`). */
export function toSwapRequest(row: OfferRecord): SwapRequest {
  return {
    kind: 'swap',
    id: row.id,
    status: INBOX_STATUS[row.status],
    ...offeredSlot(row),
    to: { id: row.taker_physicist_id ?? 0, name: row.taker_name ?? 'a deleted physicist' },
    requested_by: row.username,
    accepted_by: row.taker_username,
    note: row.note,
    created_at: row.accepted_at ?? row.created_at,
    decided_at: row.decided_at,
    decided_by: row.decided_by,
    is_auto_approved: row.is_auto_approved,
    reason: row.reason,
    delta_total: row.delta_total ?? 0,
    delta_f: row.delta_f ?? 0,
    run_id: row.run_id,
  };
}
