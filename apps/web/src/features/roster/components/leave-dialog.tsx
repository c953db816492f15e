import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../../lib/api-client';
import { usePhysicists } from '../../../lib/scheduling-api/get-physicists';
import { useToast } from '../../../components/toast/toast-context';
import { useCreateUnavailability } from '../api/create-unavailability';

function LeaveForm({ onClose }: { onClose: () => void }) {
  const physicists = usePhysicists();
  const [name, setName] = useState<string | null>(null);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const create = useCreateUnavailability();
  const toast = useToast();
  const save = () => {
    if (!name) return;
    create.mutate(
      { physicist_name: name, start_date: start, end_date: end || start },
      {
        onSuccess: () => {
          toast.success(`Unavailability of ${name} added.`);
          onClose();
        },
        onError: (error) => toast.error(`Operation failed: ${errorMessage(error)}`),
      },
    );
  };
  return (
    <>
      <DialogTitle>Add unavailability</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Autocomplete
            options={(physicists.data ?? []).map((p) => p.name)}
            value={name}
            onChange={(_, next) => setName(next)}
            renderInput={(params) => <TextField {...params} label="Physicist" required />}
          />
          <TextField
            label="Start date"
            type="date"
            required
            value={start}
            onChange={(e) => setStart(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="End date"
            type="date"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={!name || !start || create.isPending}>
          Save
        </Button>
      </DialogActions>
    </>
  );
}

/** Adds one leave record so a change of leave needs no full re-upload. */
export function LeaveDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="xs" fullWidth>
      {isOpen && <LeaveForm onClose={onClose} />}
    </Dialog>
  );
}
