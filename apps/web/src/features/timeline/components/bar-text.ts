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

/** A text's words, lower-cased, without punctuation: how a name is compared with what is shown. */
const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Whether `shown`'s words appear together, in order, among `name`'s. */
function inName(shown: string, name: string): boolean {
  const part = wordsOf(shown);
  const whole = wordsOf(name);
  for (let i = 0; i + part.length <= whole.length; i++)
    if (part.every((word, k) => whole[i + k] === word)) return true;
  return false;
}

/**
 * The accessible name of a bar: job, customer, slot and holder, dates, phase, and whether it is
 * pinned. `shown` is the label the bar shows: initials whose words are not among the name's are
 * added after it ("AX Weekend Site, AWS"), so the visible text is in the name (WCAG 2.5.3, axe
 * label-content-name-mismatch, which compares whole words and skips text in brackets).
 */
export function describeBar(bar: TimelineBar, shown = ''): string {
  const job = bar.job;
  const customer =
    shown === '' || inName(shown, job.customer) ? job.customer : `${job.customer}, ${shown}`;
  const holder = bar.isPending ? 'saving' : (holderName(bar) ?? 'unassigned');
  const dates = job.start === job.end ? job.start : `${job.start} to ${job.end}`;
  const pin = bar.isPinned ? ', pinned' : '';
  return `Job ${job.id}, ${customer}: ${SLOT_LABELS[bar.slot].toLowerCase()} ${holder}, ${dates}, ${PHASE_TEXT[job.phase]}${pin}`;
}

/** Pixels a bar's text cannot use: borders (open: dashed all round, past: a 4 px left edge) and the lock. */
function barChrome(bar: TimelineBar): number {
  return (
    (bar.holderId === null ? 2 : 0) + (bar.job.phase === 'past' ? 4 : 0) + (bar.isPinned ? 14 : 0)
  );
}

/**
 * What a bar of `width` pixels shows of its customer: the full name with the
 * usual padding when it fits, else the short name or initials, with a tight
 * padding (`tl-tight`) unless a draft's dashed edge needs the room, else nothing. The full name stays in the accessible
 * name and the hover and focus details.
 */
export function barLabel(
  bar: TimelineBar,
  width: number,
  fit: (full: string, available: number) => string,
): { text: string; isTight: boolean } {
  const full = bar.job.customer;
  const chrome = barChrome(bar);
  if (fit(full, width - chrome - 10) === full) return { text: full, isTight: false };
  // A draft's dashed edge runs 4 px inside the bar: its text keeps the usual padding.
  if (bar.job.phase === 'draft' && bar.holderId !== null)
    return { text: fit(full, width - chrome - 10), isTight: false };
  return { text: fit(full, width - chrome - 4), isTight: true };
}
