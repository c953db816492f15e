import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { DECISION_REASON_MAX, type LeaveRequest, type RequestDecision } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { leaveDaysInWords } from '../../../lib/leave-words';
import { useToast } from '../../../components/toast/toast-context';
import { useDecideRequest } from '../api/decide-request';

/**
 * Approve or Decline with a reason the physicist is told (required to
 * decline, optional to approve). `onDecided` gets the server's answer.
 */
export function DecisionDialog({
  request,
  decision,
  onClose,
  onDecided,
}: {
  request: LeaveRequest;
  decision: 'approve' | 'decline';
  onClose: () => void;
  onDecided: (answer: RequestDecision) => void;
}) {
  const toast = useToast();
  const decide = useDecideRequest();
  const [reason, setReason] = useState('');
  const approving = decision === 'approve';
  const missing = !approving && reason.trim() === '';
  const days = leaveDaysInWords(request.start, request.end, request.days);
  const submit = () =>
    decide.mutate(
      { id: request.id, decision, reason },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDecided(answer);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {approving ? 'Approve' : 'Decline'} {request.physicist.name}&apos;s leave
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {days}.{' '}
          {approving
            ? 'Approving records the leave and prepares the smallest repair of the plan for you to review and apply.'
            : 'Nothing in the plan changes.'}{' '}
          {request.physicist.name} is told of your decision and the reason.
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label={approving ? 'Reason (optional)' : 'Reason'}
          required={!approving}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: DECISION_REASON_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color={approving ? 'primary' : 'error'}
          disabled={missing || decide.isPending}
          onClick={submit}
        >
          {approving ? 'Approve' : 'Decline'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
