import type { JobPhase } from '@meridian/domain';
import type { Slot, TimelineBar } from '../layout/timeline-rows';

/** A slot's name in running text. */
export const SLOT_LABELS: Record<Slot, string> = {
  lead: 'Lead',
  data_acq: 'Data acq',
  kit: 'Kit',
};

/** Who holds a bar's slot, by the name the job carries. */
export function holderName(bar: TimelineBar): string | null {
  const job = bar.job;
  if (bar.holderId === null) return null;
  switch (bar.slot) {
    case 'lead':
      return job.assigned_lead;
    case 'data_acq':
      return job.assigned_data_acq;
    case 'kit':
      return job.assigned_kit_name;
  }
}

/** A bar's phase in running text (the legend draws the same words). */
export const PHASE_TEXT: Record<JobPhase, string> = {
  past: 'past',
  published: 'published',
  draft: 'draft, may still change',
};

/** The accessible name of a bar: job, customer, slot and holder, dates, phase, and whether it is pinned. */
export function describeBar(bar: TimelineBar): string {
  const job = bar.job;
  const holder = bar.isPending ? 'saving' : (holderName(bar) ?? 'unassigned');
  const dates = job.start === job.end ? job.start : `${job.start} to ${job.end}`;
  const pin = bar.isPinned ? ', pinned' : '';
  return `Job ${job.id}, ${job.customer}: ${SLOT_LABELS[bar.slot].toLowerCase()} ${holder}, ${dates}, ${PHASE_TEXT[job.phase]}${pin}`;
}
