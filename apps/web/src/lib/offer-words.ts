import type { OfferJob, OfferStatus } from '@meridian/contracts';
import { dayInWords } from './plan-phase';

/** How a slot is named on screen. */
export const SLOT_WORDS = { lead: 'lead', data_acq: 'data acquisition' } as const;

/** "Mercy Hospital, 4 Jan 2027 to 5 Jan 2027". */
export function offerJobInWords(job: OfferJob): string {
  if (job.start === null || job.end === null) return job.customer;
  const when =
    job.start === job.end
      ? dayInWords(job.start)
      : `${dayInWords(job.start)} to ${dayInWords(job.end)}`;
  return `${job.customer}, ${when}`;
}

/** An offer's state in words, with the chip colour it is shown in. */
export const OFFER_STATUS: Record<
  OfferStatus,
  { label: string; color: 'info' | 'warning' | 'success' | 'error' | 'default' }
> = {
  open: { label: 'Open: waiting for a colleague', color: 'info' },
  accepted: { label: 'Accepted: waiting for a manager', color: 'warning' },
  approved: { label: 'Approved', color: 'success' },
  declined: { label: 'Declined', color: 'error' },
  withdrawn: { label: 'Withdrawn', color: 'default' },
};

/**
 * A change of the objective F in plain words, lower being better:
 * "F rises by 0.42", "F falls by 1.10", "F does not change".
 */
export function fChangeInWords(delta: number): string {
  const size = Math.abs(delta).toFixed(2);
  if (size === '0.00') return 'F does not change';
  return delta > 0 ? `F rises by ${size}` : `F falls by ${size}`;
}
