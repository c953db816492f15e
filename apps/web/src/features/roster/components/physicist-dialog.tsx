import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Physicist, PhysicistRole } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useToast } from '../../../components/toast/toast-context';
import { useCreatePhysicist } from '../api/create-physicist';
import { useUpdatePhysicist } from '../api/update-physicist';

/** What the dialog edits: a new physicist, or an existing one. */
export type PhysicistDraft = { mode: 'add' } | { mode: 'edit'; physicist: Physicist };

function PhysicistForm({ draft, onClose }: { draft: PhysicistDraft; onClose: () => void }) {
  const start = draft.mode === 'edit' ? draft.physicist : null;
  const [name, setName] = useState(start?.name ?? '');
  const [role, setRole] = useState<PhysicistRole>(start?.role ?? 'lead');
  const [zip, setZip] = useState(start?.home_zip ?? '');
  const create = useCreatePhysicist();
  const update = useUpdatePhysicist();
  const toast = useToast();
  const body = { name: name.trim(), role, home_zip: zip.trim() };
  const handlers = {
    onSuccess: () => {
      toast.success(start ? `Physicist ${body.name} updated.` : `Physicist ${body.name} added.`);
      onClose();
    },
    onError: (error: Error) => toast.error(`Operation failed: ${errorMessage(error)}`),
  };
  const save = () =>
    start ? update.mutate({ id: start.id, ...body }, handlers) : create.mutate(body, handlers);
  return (
    <>
      <DialogTitle>{start ? `Edit ${start.name}` : 'Add physicist'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value)} />
          <TextField
            select
            label="Role"
            value={role}
            onChange={(e) => setRole(e.target.value === 'dataacq' ? 'dataacq' : 'lead')}
          >
            <MenuItem value="lead">Lead</MenuItem>
            <MenuItem value="dataacq">Data acquisition</MenuItem>
          </TextField>
          <TextField
            label="Home zip"
            required
            value={zip}
            onChange={(e) => setZip(e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={!body.name || !body.home_zip || create.isPending || update.isPending}
        >
          Save
        </Button>
      </DialogActions>
    </>
  );
}

/** Add or edit a physicist (name, role, home zip). */
export function PhysicistDialog({
  draft,
  onClose,
}: {
  draft: PhysicistDraft | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={draft !== null} onClose={onClose} maxWidth="xs" fullWidth>
      {draft && <PhysicistForm draft={draft} onClose={onClose} />}
    </Dialog>
  );
}
