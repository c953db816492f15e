import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { LeaveRequest } from '@meridian/contracts';
import { decisionInWords, leaveDaysInWords } from '../../../lib/leave-words';
import { RequestCardFrame } from './request-card-frame';

const REPAIR_WORDS = {
  pending: 'Repair being prepared',
  ready: 'Review the repair',
  applied: 'Repair applied: view it',
  discarded: 'Repair discarded: view it',
  failed: 'Repair failed',
} as const;

/**
 * One leave request in the inbox: who, which days, their note; while pending
 * its impact and Approve / Decline (RequestCardFrame); once approved, the way
 * to its repair.
 */
export function RequestCard({
  request,
  onDecide,
  onRepair,
}: {
  request: LeaveRequest;
  onDecide: (decision: 'approve' | 'decline') => void;
  onRepair: () => void;
}) {
  const decision = decisionInWords(request);
  return (
    <RequestCardFrame
      id={request.id}
      title={`${request.physicist.name}: leave`}
      status={request.status}
      onDecide={onDecide}
      footer={
        request.repair !== null && (
          <Button
            sx={{ mt: 1 }}
            variant={request.repair.proposal_status === 'ready' ? 'contained' : 'text'}
            onClick={onRepair}
          >
            {REPAIR_WORDS[request.repair.proposal_status]}
          </Button>
        )
      }
    >
      <Typography sx={{ fontWeight: 600 }}>
        {leaveDaysInWords(request.start, request.end, request.days)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Asked by {request.requested_by} on {request.created_at.slice(0, 10)}
      </Typography>
      {request.note !== '' && <Typography sx={{ mt: 1 }}>“{request.note}”</Typography>}
      {decision !== null && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {decision}
        </Typography>
      )}
    </RequestCardFrame>
  );
}
