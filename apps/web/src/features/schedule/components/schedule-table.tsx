import { useMemo } from 'react';
import {
  createColumnHelper,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
} from '@tanstack/react-table';
import type { Job, Kit, Physicist } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { VirtualTable } from '../../../components/data-table/virtual-table';
import { readColumn, rowNumberColumn } from '../../../components/jobs-table/job-columns';
import { jobRowProps, jobRowSx } from '../../../components/jobs-table/job-row-style';
import { useToast } from '../../../components/toast/toast-context';
import { useAssignPhysicist } from '../api/manual-assign';
import { useOverrideKit } from '../api/kit-override';
import { AssignSelect, type AssignOption } from './assign-select';
import { CandidatesCell } from './candidates-cell';

const column = createColumnHelper<Job>();

interface ScheduleTableProps {
  jobs: Job[];
  physicists: readonly Physicist[];
  kits: readonly Kit[];
}

/** Job Ingestion & Review table: candidates and the manual lead, data_acq and kit dropdowns. */
export function ScheduleTable({ jobs, physicists, kits }: ScheduleTableProps) {
  const assign = useAssignPhysicist();
  const override = useOverrideKit();
  const toast = useToast();
  const { mutate: assignMutate } = assign;
  const { mutate: overrideMutate } = override;

  const columns = useMemo(() => {
    const byRole = (role: Physicist['role']): AssignOption[] =>
      physicists.filter((p) => p.role === role).map((p) => ({ id: p.id, label: p.name }));
    const leads = byRole('lead');
    const acqs = byRole('dataacq');
    const kitOptions = kits.map((kit) => ({
      id: kit.id,
      label: kit.is_out_for_maintenance ? `${kit.name} (maintenance)` : kit.name,
    }));
    const assignTo = (job: Job, role: 'lead' | 'data_acq', id: number | null) =>
      assignMutate(
        { job_id: job.id, role, physicist_id: id },
        { onError: (error) => toast.error(`Assignment failed: ${errorMessage(error)}`) },
      );
    const defs: ColumnDef<Job>[] = [
      rowNumberColumn(),
      readColumn('customer', 'Customer', 180),
      readColumn('zip_code', 'Zip', 72),
      readColumn('start', 'Start', 104),
      readColumn('end', 'End', 104),
      column.display({
        id: 'candidates',
        header: 'Candidates',
        size: 380,
        cell: ({ row }) => <CandidatesCell reason={row.original.reason} />,
      }),
      column.display({
        id: 'lead',
        header: 'Lead',
        size: 170,
        cell: ({ row }) => (
          <AssignSelect
            label={`Lead of job ${row.original.id}`}
            value={row.original.assigned_lead_id}
            fallbackName={row.original.assigned_lead}
            options={leads}
            onChange={(id) => assignTo(row.original, 'lead', id)}
          />
        ),
      }),
      column.display({
        id: 'data_acq',
        header: 'Data Acq',
        size: 170,
        cell: ({ row }) => (
          <AssignSelect
            label={`Data acquisition of job ${row.original.id}`}
            value={row.original.assigned_data_acq_id}
            fallbackName={row.original.assigned_data_acq}
            options={acqs}
            onChange={(id) => assignTo(row.original, 'data_acq', id)}
          />
        ),
      }),
      column.display({
        id: 'kit',
        header: 'Kit',
        size: 160,
        cell: ({ row }) => (
          <AssignSelect
            label={`Kit of job ${row.original.id}`}
            value={row.original.assigned_kit_id}
            fallbackName={row.original.assigned_kit_name}
            options={kitOptions}
            onChange={(id) =>
              overrideMutate(
                { job_id: row.original.id, kit_id: id },
                {
                  onError: (error) => toast.error(`Kit assignment failed: ${errorMessage(error)}`),
                },
              )
            }
          />
        ),
      }),
      readColumn('region', 'Region', 96),
    ];
    return defs;
  }, [physicists, kits, assignMutate, overrideMutate, toast]);

  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: jobs,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (job) => String(job.id),
  });
  return (
    <VirtualTable
      table={table}
      label="Schedule"
      emptyText="No jobs match the selected filters"
      rowProps={jobRowProps}
      rowSx={jobRowSx}
    />
  );
}
