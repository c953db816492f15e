import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import PersonAdd from '@mui/icons-material/PersonAdd';
import type { Physicist } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { usePhysicists } from '../../../lib/scheduling-api/get-physicists';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { useDeletePhysicist } from '../api/delete-physicist';
import { CsvImportButton } from './csv-import-button';
import { PhysicistDialog, type PhysicistDraft } from './physicist-dialog';
import { RosterTable } from './roster-table';

/** Physicists: add, edit, delete, CSV import (name, role, home_zip). */
export function PhysicistsPanel() {
  const physicists = usePhysicists();
  const remove = useDeletePhysicist();
  const toast = useToast();
  const [draft, setDraft] = useState<PhysicistDraft | null>(null);
  const [deleting, setDeleting] = useState<Physicist | null>(null);
  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(`Physicist ${deleting.name} deleted.`);
        setDeleting(null);
      },
      onError: (error) => toast.error(`Operation failed: ${errorMessage(error)}`),
    });
  };
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 2, justifyContent: 'flex-end' }}>
        <CsvImportButton kind="physicists" />
        <Button
          variant="contained"
          startIcon={<PersonAdd />}
          onClick={() => setDraft({ mode: 'add' })}
        >
          Add physicist
        </Button>
      </Stack>
      {physicists.error && <Alert severity="error">{errorMessage(physicists.error)}</Alert>}
      <RosterTable
        label="Physicists"
        columns={['Name', 'Role', 'Home zip']}
        rows={physicists.data ?? []}
        rowKey={(p) => p.id}
        rowName={(p) => p.name}
        cells={(p) => [p.name, p.role === 'lead' ? 'Lead' : 'Data acquisition', p.home_zip]}
        onEdit={(physicist) => setDraft({ mode: 'edit', physicist })}
        onDelete={setDeleting}
      />
      <PhysicistDialog draft={draft} onClose={() => setDraft(null)} />
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete physicist"
        text={`Are you sure you want to delete ${deleting?.name ?? ''}? This cannot be undone.`}
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onConfirm={confirm}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
