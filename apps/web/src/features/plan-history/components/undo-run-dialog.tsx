import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { RestoreConflict, RunDetail } from '@meridian/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { RestoreConflictError, useRestoreRun } from '../api/restore-run';
import { SLOT_LABEL } from '../../../components/plan-diff/plan-diff';
import { slotValue } from './run-format';

/**
 * "Undo this run": a confirmation, then the restore. When slots changed since
 * the run, it lists them and offers "Restore anyway", which overwrites them.
 */
export function UndoRunDialog({
  run,
  jobName,
  onClose,
}: {
  run: RunDetail;
  jobName: (id: number) => string;
  onClose: () => void;
}) {
  const toast = useToast();
  const restore = useRestoreRun();
  const [conflict, setConflict] = useState<RestoreConflictError | null>(null);
  const send = (force: boolean) =>
    restore.mutate(
      { id: run.id, force },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          onClose();
        },
        onError: (error) => {
          if (error instanceof RestoreConflictError) setConflict(error);
          else toast.error(errorMessage(error));
        },
      },
    );
  const n = run.changes.length;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Undo run #{run.id}?</DialogTitle>
      <DialogContent>
        {conflict === null ? (
          <DialogContentText>
            This puts back the {n} slot{n === 1 ? '' : 's'} the run changed as they were before it,
            in one step. The undo is recorded in the history, so it can be undone too.
          </DialogContentText>
        ) : (
          <>
            <Alert severity="warning" sx={{ mb: 1 }}>
              {conflict.message}
            </Alert>
            <DialogContentText component="div">
              <ul aria-label="Changed since the run" style={{ margin: 0, paddingLeft: 20 }}>
                {conflict.conflicts.map((c) => (
                  <li key={`${c.job_id}-${c.slot}`}>{conflictLine(c, jobName)}</li>
                ))}
              </ul>
              Restoring anyway overwrites these later changes.
            </DialogContentText>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={restore.isPending}
          onClick={() => send(conflict !== null)}
        >
          {conflict === null ? 'Undo this run' : 'Restore anyway'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const conflictLine = (c: RestoreConflict, jobName: (id: number) => string) =>
  c.customer === null
    ? `Job ${c.job_id} (${SLOT_LABEL[c.slot]}): deleted since the run`
    : `${jobName(c.job_id)} (${SLOT_LABEL[c.slot]}): the run left ${slotValue(c.expected)}, now ${slotValue(c.current)}`;
