import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Add from '@mui/icons-material/Add';
import type { Kit } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useKits } from '../../../lib/scheduling-api/get-kits';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { useDeleteKit } from '../api/delete-kit';
import { CsvImportButton } from './csv-import-button';
import { KitDialog } from './kit-dialog';
import { RosterTable } from './roster-table';

/** Kits: add, delete, CSV import (name, current_location_zip, is_out_for_maintenance, comments). */
export function KitsPanel() {
  const kits = useKits();
  const remove = useDeleteKit();
  const toast = useToast();
  const [isAdding, setIsAdding] = useState(false);
  const [deleting, setDeleting] = useState<Kit | null>(null);
  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(`Kit ${deleting.name} deleted.`);
        setDeleting(null);
      },
      onError: (error) => toast.error(`Operation failed: ${errorMessage(error)}`),
    });
  };
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 2, justifyContent: 'flex-end' }}>
        <CsvImportButton kind="kits" />
        <Button variant="contained" startIcon={<Add />} onClick={() => setIsAdding(true)}>
          Add kit
        </Button>
      </Stack>
      {kits.error && (
        <Alert severity="error">Failed to fetch kits: {errorMessage(kits.error)}</Alert>
      )}
      <RosterTable
        label="Kits"
        columns={['Name', 'Location zip', 'Maintenance', 'Comments']}
        rows={kits.data ?? []}
        rowKey={(kit) => kit.id}
        rowName={(kit) => kit.name}
        cells={(kit) => [
          kit.name,
          kit.current_location_zip,
          kit.is_out_for_maintenance ? 'Out for maintenance' : 'Available',
          kit.comments,
        ]}
        onDelete={setDeleting}
      />
      <KitDialog isOpen={isAdding} onClose={() => setIsAdding(false)} />
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete kit"
        text={`Are you sure you want to delete ${deleting?.name ?? ''}? This cannot be undone.`}
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onConfirm={confirm}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
