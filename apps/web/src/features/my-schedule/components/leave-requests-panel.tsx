import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BeachAccess from '@mui/icons-material/BeachAccess';
import { LEAVE_NOTE_MAX, type LeaveRequest } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { decisionInWords, LEAVE_STATUS, leaveDaysInWords } from '../../../lib/leave-words';
import { useToast } from '../../../components/toast/toast-context';
import { useAskForLeave, useMyLeaveRequests, useWithdrawLeave } from '../api/leave-requests';

/** One of the user's requests: its days, state, note and the decision's words. */
function RequestRow({ request }: { request: LeaveRequest }) {
  const toast = useToast();
  const withdraw = useWithdrawLeave();
  const status = LEAVE_STATUS[request.status];
  const decision = decisionInWords(request);
  const days = leaveDaysInWords(request.start, request.end, request.days);
  return (
    <Paper variant="outlined" component="li" sx={{ p: 1.5, listStyle: 'none' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography sx={{ fontWeight: 600 }}>{days}</Typography>
        <Chip size="small" label={status.label} color={status.color} sx={{ alignSelf: 'start' }} />
      </Stack>
      {request.note !== '' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Note: {request.note}
        </Typography>
      )}
      {decision !== null && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {decision}
        </Typography>
      )}
      {request.status === 'pending' && (
        <Button
          size="small"
          sx={{ mt: 1 }}
          disabled={withdraw.isPending}
          aria-label={`Withdraw the request for ${days}`}
          onClick={() =>
            withdraw.mutate(request.id, {
              onSuccess: () => toast.info('Request withdrawn.'),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          Withdraw
        </Button>
      )}
    </Paper>
  );
}

/**
 * "Ask for leave" on My schedule: the days (inclusive) and a note, sent to
 * the managers' inbox; below it the user's requests with their state, the
 * decision's reason, and Withdraw while a request waits.
 */
export function LeaveRequestsPanel({ today }: { today: string }) {
  const toast = useToast();
  const requests = useMyLeaveRequests();
  const ask = useAskForLeave();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [note, setNote] = useState('');
  const endBeforeStart = start !== '' && end !== '' && end < start;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(
      { start, end, note },
      {
        onSuccess: () => {
          toast.success('Leave asked for: a manager will decide, and you will be told.');
          setStart('');
          setEnd('');
          setNote('');
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const list = requests.data ?? [];
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 3, maxWidth: 720 }}
      aria-labelledby="leave-heading"
      component="section"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <BeachAccess color="primary" />
        <Typography variant="h6" component="h2" id="leave-heading">
          Leave
        </Typography>
      </Stack>
      <form onSubmit={submit} aria-label="Ask for leave">
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              label="First day off"
              value={start}
              required
              onChange={(e) => setStart(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            />
            <TextField
              type="date"
              label="Last day off"
              value={end}
              required
              error={endBeforeStart}
              helperText={endBeforeStart ? 'The last day is before the first' : ' '}
              onChange={(e) => setEnd(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: start || today } }}
            />
          </Stack>
          <TextField
            label="Note for the manager (optional)"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            // A plain textarea of three rows the reader can drag taller. MUI's multiline field
            // sizes itself: it reads getComputedStyle as it mounts, a forced style recalculation
            // inside the page's first commit (about 300 ms of a phone's blocked time in
            // Lighthouse's traces, docs/performance.md).
            sx={{ '& textarea': { height: 'auto', resize: 'vertical' } }}
            slotProps={{
              input: { inputComponent: 'textarea' },
              // No type attribute: a textarea has none (MUI would write type="text").
              htmlInput: { maxLength: LEAVE_NOTE_MAX, rows: 3, type: undefined },
            }}
          />
          <Button
            type="submit"
            variant="contained"
            sx={{ alignSelf: 'start' }}
            disabled={start === '' || end === '' || endBeforeStart || ask.isPending}
          >
            Ask for leave
          </Button>
        </Stack>
      </form>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
        Your requests ({list.length})
      </Typography>
      {requests.error && <Typography color="error">{errorMessage(requests.error)}</Typography>}
      {requests.data && list.length === 0 && (
        <Typography color="text.secondary">You have not asked for leave yet.</Typography>
      )}
      {list.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
          {list.map((request) => (
            <RequestRow key={request.id} request={request} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
