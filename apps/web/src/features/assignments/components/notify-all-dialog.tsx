import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { NOTIFY_ALL_MESSAGE_MAX } from '@meridian/contracts';
import type { Job } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useNotifyAll } from '../api/notify-all';
import { defaultNotifyAllMessage, notifyAllMessageProblem } from '../notify-all-message';

/**
 * "Notify all physicists" about a job: the message, prefilled from the job and
 * editable, goes to every account linked to a physicist. Closing keeps nothing.
 */
export function NotifyAllDialog({ job, onClose }: { job: Job | null; onClose: () => void }) {
  return (
    <Dialog open={job !== null} onClose={onClose} fullWidth maxWidth="sm">
      {/* Keyed by job, so each opening starts from that job's text. */}
      {job && <NotifyAllForm key={job.id} job={job} onClose={onClose} />}
    </Dialog>
  );
}

function NotifyAllForm({ job, onClose }: { job: Job; onClose: () => void }) {
  const [message, setMessage] = useState(() => defaultNotifyAllMessage(job));
  const [tried, setTried] = useState(false);
  const notifyAll = useNotifyAll();
  const toast = useToast();
  const problem = notifyAllMessageProblem(message);
  const length = message.trim().length;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem !== null) return;
    notifyAll.mutate(message.trim(), {
      onSuccess: ({ notified }) => {
        toast.success(
          notified === 0
            ? 'No account is linked to a physicist, so nobody was notified.'
            : `Notified ${notified} physicist${notified === 1 ? '' : 's'}.`,
        );
        onClose();
      },
      // The dialog stays open with the text, so nothing typed is lost.
      onError: (error) => toast.error(`Operation failed: ${errorMessage(error)}`),
    });
  };

  const showProblem = problem !== null && (tried || length > NOTIFY_ALL_MESSAGE_MAX);
  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogTitle>Notify all physicists</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Every physicist whose account is linked gets this message in their notifications.
        </DialogContentText>
        <TextField
          label="Message"
          multiline
          minRows={3}
          maxRows={10}
          fullWidth
          autoFocus
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          error={showProblem}
          helperText={showProblem ? problem : `${length} / ${NOTIFY_ALL_MESSAGE_MAX} characters`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={notifyAll.isPending || (tried && problem !== null)}
        >
          Send
        </Button>
      </DialogActions>
    </form>
  );
}
