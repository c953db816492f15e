import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LeaveImpact } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { dayInWords } from '../../../lib/plan-phase';
import { useRequestImpact } from '../api/get-requests';
import { SwapImpactView } from './swap-impact';

const SLOT_WORDS = { lead: 'lead', data_acq: 'data acquisition' } as const;
/** A job the dates hit that began before today is under way: no repair can change it. */
const PHASE_WORDS = {
  past: 'started, cannot be changed',
  published: 'published',
  draft: 'draft',
} as const;

/**
 * What a pending request would do to the plan, drawn by its kind: a swap's
 * rules and F now (SwapImpactView), or a leave's jobs.
 */
export function RequestImpact({ id }: { id: number }) {
  const impact = useRequestImpact(id);
  if (impact.isPending) return <LinearProgress aria-label="Reading what this would change" />;
  if (impact.error) return <Typography color="error">{errorMessage(impact.error)}</Typography>;
  return impact.data.kind === 'swap' ? (
    <SwapImpactView impact={impact.data} />
  ) : (
    <LeaveImpactView impact={impact.data} />
  );
}

/**
 * A leave's impact: each of the physicist's jobs not yet over that the dates
 * hit, and who could cover the slot (or that nobody can), in words as well
 * as colour.
 */
function LeaveImpactView({ impact }: { impact: LeaveImpact }) {
  const { slots, uncovered } = impact;
  if (slots.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No jobs on these days: nothing to cover.
      </Typography>
    );
  return (
    <Stack spacing={1}>
      <Alert severity={uncovered === 0 ? 'info' : 'warning'} sx={{ py: 0 }}>
        {slots.length} job slot{slots.length === 1 ? '' : 's'} on these days;{' '}
        {uncovered === 0
          ? 'someone free can cover each.'
          : `${uncovered} cannot be covered by anyone free.`}
      </Alert>
      <Stack component="ul" spacing={0.5} sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {slots.map((slot) => (
          <li key={`${slot.job_id}-${slot.slot}`}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {slot.customer}, {slot.location}: {dayInWords(slot.start)}
              {slot.end !== slot.start ? ` to ${dayInWords(slot.end)}` : ''} (
              {SLOT_WORDS[slot.slot]}, {PHASE_WORDS[slot.phase]})
            </Typography>
            <Typography variant="body2" color={slot.coverable ? 'text.secondary' : 'error'}>
              {slot.coverable
                ? `Could be covered by ${slot.candidates.map((c) => `${c.name} (${c.miles} mi)`).join(', ')}`
                : 'Nobody free can cover it'}
            </Typography>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
