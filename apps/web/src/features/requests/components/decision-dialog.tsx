import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { DECISION_REASON_MAX, type RequestDecision, type RequestItem } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { leaveDaysInWords } from '../../../lib/leave-words';
import { offerJobInWords, SLOT_WORDS } from '../../../lib/offer-words';
import { useToast } from '../../../components/toast/toast-context';
import { useDecideRequest } from '../api/decide-request';

/** The dialog's title and what deciding does, for each kind of request. */
function wording(request: RequestItem, approving: boolean) {
  const verb = approving ? 'Approve' : 'Decline';
  if (request.kind === 'leave') {
    const days = leaveDaysInWords(request.start, request.end, request.days);
    return {
      title: `${verb} ${request.physicist.name}'s leave`,
      what: `${days}. ${
        approving
          ? 'Approving records the leave and prepares the smallest repair of the plan for you to review and apply.'
          : 'Nothing in the plan changes.'
      } ${request.physicist.name} is told of your decision and the reason.`,
    };
  }
  const slot = SLOT_WORDS[request.slot];
  return {
    title: `${verb} the swap to ${request.to.name}`,
    what: `${offerJobInWords(request.job)}, the ${slot} slot. ${
      approving
        ? `Approving gives it to ${request.to.name}, locked, as a recorded run of the plan.`
        : `It stays with ${request.from.name}.`
    } Both are told of your decision and the reason.`,
  };
}

/**
 * Approve or Decline with a reason the physicists are told (required to
 * decline, optional to approve). `onDecided` gets the server's answer.
 */
export function DecisionDialog({
  request,
  decision,
  onClose,
  onDecided,
}: {
  request: RequestItem;
  decision: 'approve' | 'decline';
  onClose: () => void;
  onDecided: (answer: RequestDecision) => void;
}) {
  const toast = useToast();
  const decide = useDecideRequest();
  const [reason, setReason] = useState('');
  const approving = decision === 'approve';
  const missing = !approving && reason.trim() === '';
  const words = wording(request, approving);
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
      <DialogTitle>{words.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{words.what}</DialogContentText>
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
