import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../../lib/api-client';
import { useKits } from '../../../lib/scheduling-api/get-kits';
import { usePhysicists } from '../../../lib/scheduling-api/get-physicists';
import { useSession } from '../../../lib/session-store';
import { ProposalReview } from '../../../components/proposal/proposal-review';
import { useToast } from '../../../components/toast/toast-context';
import { useStartWhatIf } from '../api/start-what-if';

/**
 * "What if…": who is out (a physicist or a kit) and when; follows the task,
 * then shows its proposal as a diff with Apply and Discard (admins and managers).
 */
export function WhatIfDialog() {
  const session = useSession();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [who, setWho] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [taskId, setTaskId] = useState<string | null>(null);
  const physicists = usePhysicists();
  const kits = useKits();
  const startWhatIf = useStartWhatIf();
  const role = session?.claims.role;
  if (role !== 'admin' && role !== 'manager') return null;

  const close = () => {
    setOpen(false);
    setTaskId(null);
  };
  const ask = () => {
    const [kind, id] = who.split(':');
    const body =
      kind === 'kit'
        ? { kit_id: Number(id), start, end }
        : { physicist_id: Number(id), start, end };
    startWhatIf.mutate(body, {
      onSuccess: (started) => setTaskId(started.id),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        What if…
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="md">
        <DialogTitle>What if…</DialogTitle>
        {taskId === null ? (
          <>
            <DialogContent>
              <Stack spacing={2} sx={{ mt: 1 }}>
                <TextField
                  select
                  label="Who is out"
                  value={who}
                  onChange={(e) => setWho(e.target.value)}
                >
                  {(physicists.data ?? []).map((p) => (
                    <MenuItem key={`p${p.id}`} value={`physicist:${p.id}`}>
                      {p.name}
                    </MenuItem>
                  ))}
                  {(kits.data ?? []).map((k) => (
                    <MenuItem key={`k${k.id}`} value={`kit:${k.id}`}>
                      {k.name} (kit)
                    </MenuItem>
                  ))}
                </TextField>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    type="date"
                    label="From"
                    value={start}
                    onChange={(e) => setStart(e.target.value)}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                  <TextField
                    type="date"
                    label="To"
                    value={end}
                    onChange={(e) => setEnd(e.target.value)}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                </Stack>
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button
                variant="contained"
                disabled={!who || !start || !end || startWhatIf.isPending}
                onClick={ask}
              >
                Ask
              </Button>
              <Button onClick={close}>Close</Button>
            </DialogActions>
          </>
        ) : (
          <ProposalReview taskId={taskId} waiting="Finding the smallest repair…" onDone={close} />
        )}
      </Dialog>
    </>
  );
}
