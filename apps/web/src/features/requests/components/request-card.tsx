import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LeaveRequest } from '@meridian/contracts';
import { decisionInWords, LEAVE_STATUS, leaveDaysInWords } from '../../../lib/leave-words';
import { RequestImpact } from './request-impact';

const REPAIR_WORDS = {
  pending: 'Repair being prepared',
  ready: 'Review the repair',
  applied: 'Repair applied: view it',
  discarded: 'Repair discarded: view it',
  failed: 'Repair failed',
} as const;

/**
 * One request in the inbox: who, which days, their note; while pending its
 * impact and Approve / Decline; once approved, the way to its repair.
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
  const status = LEAVE_STATUS[request.status];
  const decision = decisionInWords(request);
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
        <Typography variant="h6" component="h2" id={headingId}>
          {request.physicist.name}: leave
        </Typography>
        <Chip size="small" label={status.label} color={status.color} sx={{ alignSelf: 'start' }} />
      </Stack>
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
      {pending && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5 }}>
            Impact on the plan
          </Typography>
          <RequestImpact id={request.id} />
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button variant="contained" onClick={() => onDecide('approve')}>
              Approve
            </Button>
            <Button variant="outlined" color="error" onClick={() => onDecide('decline')}>
              Decline
            </Button>
          </Stack>
        </>
      )}
      {request.repair !== null && (
        <Button
          sx={{ mt: 1 }}
          variant={request.repair.proposal_status === 'ready' ? 'contained' : 'text'}
          onClick={onRepair}
        >
          {REPAIR_WORDS[request.repair.proposal_status]}
        </Button>
      )}
    </Paper>
  );
}
