import { useMemo, useState } from 'react';
import { useReactTable } from '@tanstack/react-table';
import type { Job } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteJob } from '../../../lib/scheduling-api/delete-job';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useCorrectionReason } from '../../../components/correction-reason-dialog';
import { lazyCoreRowModel } from '../../../components/data-table/lazy-row-model';
import { VirtualTable } from '../../../components/data-table/virtual-table';
import {
  commentColumn,
  dateColumn,
  deleteColumn,
  readColumn,
  rowNumberColumn,
  textColumn,
} from '../../../components/jobs-table/job-columns';
import { jobRowProps, jobRowSx } from '../../../components/jobs-table/job-row-style';
import { useJobEdit } from '../../../components/jobs-table/use-job-edit';
import { useToast } from '../../../components/toast/toast-context';

interface DataManagementTableProps {
  jobs: Job[];
  canEdit: boolean;
}

/** The virtualised, editable job table of Data Management with its delete confirmation. */
export function DataManagementTable({ jobs, canEdit }: DataManagementTableProps) {
  const { save, dialog: reasonDialog } = useJobEdit();
  const deleteJob = useDeleteJob();
  const { ask: askReason, dialog: removalReasonDialog } = useCorrectionReason();
  const toast = useToast();
  const [deleting, setDeleting] = useState<Job | null>(null);

  const columns = useMemo(
    () => [
      rowNumberColumn(),
      textColumn('customer', 'Customer', 190, canEdit, save),
      textColumn('location', 'Location', 200, canEdit, save),
      textColumn('zip_code', 'Zip', 90, canEdit, save),
      textColumn('package', 'Package', 150, canEdit, save),
      dateColumn('start', 'Start', canEdit, save),
      dateColumn('end', 'End', canEdit, save),
      readColumn('duration', 'Days', 64),
      readColumn('region', 'Region', 100),
      commentColumn(canEdit, save),
      ...(canEdit ? [deleteColumn(setDeleting)] : []),
    ],
    [canEdit, save],
  );
  // TanStack Table's instance is not memoisable by the React Compiler; it is built to be re-read each render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: jobs,
    columns,
    // Rows are made as the virtualised table reads them: opening 10,000 jobs costs what a screenful does.
    getCoreRowModel: lazyCoreRowModel(),
    getRowId: (job) => String(job.id),
  });

  // Removing a past job corrects the record of what happened: it first asks why.
  const confirmDelete = () => {
    if (!deleting) return;
    const job = deleting;
    askReason(
      job,
      (correctionReason) =>
        deleteJob.mutate(
          { id: job.id, correctionReason },
          {
            onSuccess: () => {
              toast.success('Job deleted successfully.');
              setDeleting(null);
            },
            onError: (error) => toast.error(`Delete failed: ${errorMessage(error)}`),
          },
        ),
      () => setDeleting(null),
    );
  };

  return (
    <>
      <VirtualTable
        table={table}
        label="Jobs"
        emptyText="No jobs match the selected filters"
        rowProps={jobRowProps}
        rowSx={jobRowSx}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete job"
        text="Are you sure you want to delete this job? This action cannot be undone."
        confirmLabel="Delete"
        isBusy={deleteJob.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      {reasonDialog}
      {removalReasonDialog}
    </>
  );
}
