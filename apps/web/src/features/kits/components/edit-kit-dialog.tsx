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
import type { Kit } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useUpdateKit } from '../api/update-kit';

/** The form of one kit; mounted per kit so its fields start from that kit. */
function KitForm({ kit, onClose }: { kit: Kit; onClose: () => void }) {
  const [zip, setZip] = useState(kit.current_location_zip);
  const [isOut, setIsOut] = useState(kit.is_out_for_maintenance);
  const [comments, setComments] = useState(kit.comments);
  const update = useUpdateKit();
  const toast = useToast();

  const save = () =>
    update.mutate(
      { id: kit.id, current_location_zip: zip.trim(), is_out_for_maintenance: isOut, comments },
      {
        onSuccess: (saved) => {
          toast.success(`Kit ${saved.name} updated successfully.`);
          onClose();
        },
        onError: (error) => {
          toast.error(`Failed to update kit ${kit.name}: ${errorMessage(error)}`);
          onClose();
        },
      },
    );

  return (
    <>
      <DialogTitle>Edit {kit.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Location zip"
            value={zip}
            onChange={(event) => setZip(event.target.value)}
          />
          <FormControlLabel
            control={
              <Switch checked={isOut} onChange={(event) => setIsOut(event.target.checked)} />
            }
            label="Out for maintenance"
          />
          <TextField
            label="Comments"
            value={comments}
            multiline
            minRows={2}
            onChange={(event) => setComments(event.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={update.isPending}>
          Save
        </Button>
      </DialogActions>
    </>
  );
}

/** Edit dialog for a kit's location, maintenance flag and comments. */
export function EditKitDialog({ kit, onClose }: { kit: Kit | null; onClose: () => void }) {
  return (
    <Dialog open={kit !== null} onClose={onClose} maxWidth="xs" fullWidth>
      {kit && <KitForm key={kit.id} kit={kit} onClose={onClose} />}
    </Dialog>
  );
}
