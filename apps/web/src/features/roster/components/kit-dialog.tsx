import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useCreateKit } from '../api/create-kit';

function KitForm({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [zip, setZip] = useState('');
  const [isOut, setIsOut] = useState(false);
  const [comments, setComments] = useState('');
  const create = useCreateKit();
  const toast = useToast();
  const body = {
    name: name.trim(),
    current_location_zip: zip.trim(),
    is_out_for_maintenance: isOut,
    comments,
  };
  const save = () =>
    create.mutate(body, {
      onSuccess: () => {
        toast.success(`Kit ${body.name} added.`);
        onClose();
      },
      onError: (error) => toast.error(`Operation failed: ${errorMessage(error)}`),
    });
  return (
    <>
      <DialogTitle>Add kit</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value)} />
          <TextField
            label="Location zip"
            required
            value={zip}
            onChange={(e) => setZip(e.target.value)}
          />
          <FormControlLabel
            control={<Switch checked={isOut} onChange={(e) => setIsOut(e.target.checked)} />}
            label="Out for maintenance"
          />
          <TextField
            label="Comments"
            value={comments}
            onChange={(e) => setComments(e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={!body.name || !body.current_location_zip || create.isPending}
        >
          Save
        </Button>
      </DialogActions>
    </>
  );
}

/** Adds a kit (its location, maintenance flag and comments are edited on /kits). */
export function KitDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="xs" fullWidth>
      {isOpen && <KitForm onClose={onClose} />}
    </Dialog>
  );
}
