import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Add from '@mui/icons-material/Add';
import type { Unavailability } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useAvailability } from '../../../lib/scheduling-api/get-availability';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast/toast-context';
import { useDeleteUnavailability } from '../api/delete-unavailability';
import { LeaveDialog } from './leave-dialog';
import { RosterTable } from './roster-table';

const describe = (record: Unavailability) =>
  `${record.physicist_name} ${record.start_date} to ${record.end_date}`;

/** Single unavailability records: add and delete. */
export function LeavePanel() {
  const records = useAvailability();
  const remove = useDeleteUnavailability();
  const toast = useToast();
  const [isAdding, setIsAdding] = useState(false);
  const [deleting, setDeleting] = useState<Unavailability | null>(null);
  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Unavailability record deleted.');
        setDeleting(null);
      },
      onError: (error) => toast.error(`Operation failed: ${errorMessage(error)}`),
    });
  };
  return (
    <>
      <Stack direction="row" sx={{ mb: 2, justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<Add />} onClick={() => setIsAdding(true)}>
          Add unavailability
        </Button>
      </Stack>
      {records.error && <Alert severity="error">Failed to fetch unavailability data.</Alert>}
      <RosterTable
        label="Unavailability records"
        columns={['Physicist', 'Start', 'End']}
        rows={records.data ?? []}
        rowKey={(record) => record.id}
        rowName={describe}
        cells={(record) => [record.physicist_name, record.start_date, record.end_date]}
        onDelete={setDeleting}
      />
      <LeaveDialog isOpen={isAdding} onClose={() => setIsAdding(false)} />
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete unavailability"
        text={`Are you sure you want to delete ${deleting ? describe(deleting) : ''}? This cannot be undone.`}
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onConfirm={confirm}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
