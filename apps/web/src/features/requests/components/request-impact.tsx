import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api-client';
import { dayInWords } from '../../../lib/plan-phase';
import { useRequestImpact } from '../api/get-requests';

const SLOT_WORDS = { lead: 'lead', data_acq: 'data acquisition' } as const;
/** A job the dates hit that began before today is under way: no repair can change it. */
const PHASE_WORDS = {
  past: 'started, cannot be changed',
  published: 'published',
  draft: 'draft',
} as const;

/**
 * What a pending request would do to the plan: each of the physicist's jobs
 * not yet over that the dates hit, and who could cover the slot (or that
 * nobody can), in words as well as colour.
 */
export function RequestImpact({ id }: { id: number }) {
  const impact = useRequestImpact(id);
  if (impact.isPending) return <LinearProgress aria-label="Reading the jobs these dates hit" />;
  if (impact.error) return <Typography color="error">{errorMessage(impact.error)}</Typography>;
  const { slots, uncovered } = impact.data;
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
