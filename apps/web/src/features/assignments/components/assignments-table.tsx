import { useMemo } from 'react';
import {
  createColumnHelper,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
} from '@tanstack/react-table';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Campaign from '@mui/icons-material/Campaign';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import type { Job } from '@meridian/domain';
import { VirtualTable } from '../../../components/data-table/virtual-table';
import { readColumn, rowNumberColumn } from '../../../components/jobs-table/job-columns';
import { jobRowProps, jobRowSx } from '../../../components/jobs-table/job-row-style';
import { useToast } from '../../../components/toast/toast-context';
import { AssigneeCell } from './assignee-cell';

const column = createColumnHelper<Job>();

/** The read-only assignment table; schedulers get the notify icons in an actions column. */
export function AssignmentsTable({ jobs, canManage }: { jobs: Job[]; canManage: boolean }) {
  const toast = useToast();
  const columns = useMemo(() => {
    // Notification delivery is not built yet: the icons say so instead of pretending.
    const placeholder = (what: string) =>
      toast.info(`${what}: notifications are not available yet.`);
    const defs: ColumnDef<Job>[] = [
      rowNumberColumn(),
      readColumn('customer', 'Customer', 180),
      readColumn('location', 'Location', 170),
      readColumn('zip_code', 'Zip', 72),
      readColumn('start', 'Start', 104),
      readColumn('end', 'End', 104),
      column.display({
        id: 'lead',
        header: 'Lead',
        size: 210,
        cell: ({ row }) => (
          <AssigneeCell
            name={row.original.assigned_lead}
            reason={row.original.reason}
            side="lead"
          />
        ),
      }),
      column.display({
        id: 'acq',
        header: 'Data Acq',
        size: 210,
        cell: ({ row }) => (
          <AssigneeCell
            name={row.original.assigned_data_acq}
            reason={row.original.reason}
            side="acq"
          />
        ),
      }),
      readColumn('assigned_kit_name', 'Kit', 110),
      readColumn('kit_location', 'Kit location', 100),
      readColumn('region', 'Region', 96),
    ];
    if (canManage) {
      defs.push(
        column.display({
          id: 'actions',
          header: 'Actions',
          size: 100,
          cell: ({ row }) => (
            <Stack direction="row">
              <Tooltip title="Notify affected physicists">
                <IconButton
                  size="small"
                  aria-label={`Notify affected physicists of job ${row.original.id}`}
                  onClick={() => placeholder('Notify affected physicists')}
                >
                  <NotificationsActive fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Notify all physicists">
                <IconButton
                  size="small"
                  aria-label={`Notify all physicists about job ${row.original.id}`}
                  onClick={() => placeholder('Notify all physicists')}
                >
                  <Campaign fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          ),
        }),
      );
    }
    return defs;
  }, [canManage, toast]);
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: jobs,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (j) => String(j.id),
  });
  return (
    <VirtualTable
      table={table}
      label="Assignments"
      emptyText="No jobs match the selected filters"
      rowProps={jobRowProps}
      rowSx={jobRowSx}
    />
  );
}
