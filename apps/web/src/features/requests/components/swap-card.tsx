import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SwapRequest } from '@meridian/contracts';
import { decisionInWords, LEAVE_STATUS } from '../../../lib/leave-words';
import { fChangeInWords, offerJobInWords, SLOT_WORDS } from '../../../lib/offer-words';

/**
 * One swap in the inbox: who gives which slot of which job to whom, their
 * note, and what it does to the plan; while pending Approve / Decline.
 */
export function SwapCard({
  request,
  onDecide,
}: {
  request: SwapRequest;
  onDecide: (decision: 'approve' | 'decline') => void;
}) {
  const status = LEAVE_STATUS[request.status];
  const decision = request.is_auto_approved
    ? 'Approved automatically: it kept every rule and cost less than the set amount'
    : decisionInWords(request);
  const pending = request.status === 'pending';
  const headingId = `request-${request.id}`;
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      sx={{ p: 2, maxWidth: 880 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography variant="h6" component="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
          Swap: {request.from.name} to {request.to.name}
        </Typography>
        <Chip size="small" label={status.label} color={status.color} sx={{ alignSelf: 'start' }} />
      </Stack>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {offerJobInWords(request.job)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The {SLOT_WORDS[request.slot]} slot of job {request.job.id}: {request.from.name} gives it,{' '}
        {request.to.name} takes it. Offered by {request.requested_by}
        {request.accepted_by === null ? '' : `, accepted by ${request.accepted_by}`} on{' '}
        {request.created_at.slice(0, 10)}.
      </Typography>
      {request.note !== '' && <Typography sx={{ mt: 1 }}>“{request.note}”</Typography>}
      <Typography variant="body2" sx={{ mt: 1 }}>
        Effect on the plan: {fChangeInWords(request.delta_f)} (lower is better)
      </Typography>
      {decision !== null && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {decision}
          {request.run_id !== null && ` · recorded as run #${request.run_id}`}
        </Typography>
      )}
      {pending && (
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button
            variant="contained"
            aria-label={`Approve the swap of ${request.job.customer} to ${request.to.name}`}
            onClick={() => onDecide('approve')}
          >
            Approve
          </Button>
          <Button
            variant="outlined"
            color="error"
            aria-label={`Decline the swap of ${request.job.customer} to ${request.to.name}`}
            onClick={() => onDecide('decline')}
          >
            Decline
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
