import { useCallback, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import type { Job } from '@meridian/domain';
import { orgTodayForRule } from '../lib/org-today';

/** What the dialog names of the job. */
type EditedJob = Pick<Job, 'id' | 'customer' | 'start'>;

interface Pending {
  job: EditedJob;
  then: (reason: string) => void;
  cancelled?: () => void;
}

/**
 * Editing a past job corrects a record of what happened: the server asks
 * for a reason and records the change as a run. `ask(job, then)` calls
 * `then()` for a job not yet past, once the server's today is known
 * (lib/org-today.ts, `orgTodayForRule`); for a past one it first asks for
 * the reason in a dialog and calls `then(reason)` once given, or
 * `cancelled()` when the dialog is closed without one. Render `dialog` once,
 * beside the controls that ask.
 */
export function useCorrectionReason(): {
  ask: (job: EditedJob, then: (reason?: string) => void, cancelled?: () => void) => void;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const ask = useCallback(
    (job: EditedJob, then: (reason?: string) => void, cancelled?: () => void) => {
      if (job.start === null) {
        then();
        return;
      }
      const start = job.start;
      // A job is past when it started before the organisation's today (the server's rule), as
      // the server tells it: an edit made before its answer arrived must not be judged by the
      // browser's clock.
      void orgTodayForRule(queryClient).then((today) => {
        if (start >= today) {
          then();
          return;
        }
        setReason('');
        setPending({ job, then, ...(cancelled ? { cancelled } : {}) });
      });
    },
    [queryClient],
  );
  const cancel = () => {
    pending?.cancelled?.();
    setPending(null);
  };
  const confirm = () => {
    if (pending === null || reason.trim() === '') return;
    pending.then(reason.trim());
    setPending(null);
  };
  const dialog = (
    <Dialog open={pending !== null} onClose={cancel} maxWidth="xs" fullWidth>
      <DialogTitle>Correct a past job</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Job {pending?.job.id} ({pending?.job.customer}) started on {pending?.job.start}. The past
          is kept as it happened: say why this record is corrected. The change is kept in the plan
          history with your reason.
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          required
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') confirm();
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>Cancel</Button>
        <Button variant="contained" onClick={confirm} disabled={reason.trim() === ''}>
          Correct the record
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { ask, dialog };
}
