import Typography from '@mui/material/Typography';
import type { SwapRequest } from '@meridian/contracts';
import { decisionInWords } from '../../../lib/leave-words';
import { fChangeInWords, offerJobInWords, SLOT_WORDS } from '../../../lib/offer-words';
import { RequestCardFrame } from './request-card-frame';

/**
 * One swap in the inbox: who gives which slot of which job to whom and their
 * note; while pending its impact read now (the rules, F now and when
 * accepted) and Approve / Decline (RequestCardFrame); once decided, F's
 * change as measured when accepted and the decision.
 */
export function SwapCard({
  request,
  onDecide,
}: {
  request: SwapRequest;
  onDecide: (decision: 'approve' | 'decline') => void;
}) {
  const decision = request.is_auto_approved
    ? 'Approved automatically: it kept every rule and cost less than the set amount'
    : decisionInWords(request);
  const what = `the swap of ${request.job.customer} to ${request.to.name}`;
  return (
    <RequestCardFrame
      id={request.id}
      title={`Swap: ${request.from.name} to ${request.to.name}`}
      status={request.status}
      onDecide={onDecide}
      decideLabels={{ approve: `Approve ${what}`, decline: `Decline ${what}` }}
    >
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
      {request.status !== 'pending' && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Effect on the plan: {fChangeInWords(request.delta_f)} (lower is better)
        </Typography>
      )}
      {decision !== null && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {decision}
          {request.run_id !== null && ` · recorded as run #${request.run_id}`}
        </Typography>
      )}
    </RequestCardFrame>
  );
}
