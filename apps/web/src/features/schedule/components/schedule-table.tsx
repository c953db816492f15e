import { useMemo, type ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import {
  createColumnHelper,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
} from '@tanstack/react-table';
import type { Job, Kit, Physicist, Unavailability } from '@meridian/domain';
import { errorMessage } from '../../../lib/api-client';
import { useOverrideKit } from '../../../lib/scheduling-api/kit-override';
import { useCorrectionReason } from '../../../components/correction-reason-dialog';
import { VirtualTable } from '../../../components/data-table/virtual-table';
import {
  jobsByHolder,
  kitOptions,
  physicistOptions,
} from '../../../components/jobs-table/assign-options';
import { AssignSelect } from '../../../components/jobs-table/assign-select';
import { SlotLock, type LockSlot } from '../../../components/jobs-table/slot-lock';
import { ExplainButton, ExplainHost } from '../../../components/explain/explain-button';
import { readColumn, rowNumberColumn } from '../../../components/jobs-table/job-columns';
import { jobRowProps, jobRowSx } from '../../../components/jobs-table/job-row-style';
import type { ZipIndex } from '../../../components/jobs-table/zip-distance';
import { useToast } from '../../../components/toast/toast-context';
import {
  manualAssignmentToast,
  useAssignPhysicist,
} from '../../../lib/scheduling-api/manual-assign';
import { CandidatesCell } from './candidates-cell';

const column = createColumnHelper<Job>();

/** The number, Why and the customer stay in view while the table scrolls sideways. */
const STICKY = ['row', 'why', 'customer'];
/** On a phone each job is a card titled with its number and customer. */
const CARD_TITLE = ['row', 'customer'];

interface ScheduleTableProps {
  /** The rows shown (the physicist filter's view). */
  jobs: Job[];
  /** Every job: a choice clashes with any job, shown or not; a job's number is its place here. */
  allJobs: readonly Job[];
  physicists: readonly Physicist[];
  kits: readonly Kit[];
  leave: readonly Unavailability[];
  zips: ZipIndex | undefined;
}

/** Job Ingestion & Review table: candidates and the manual lead, data_acq and kit dropdowns. */
export function ScheduleTable({
  jobs,
  allJobs,
  physicists,
  kits,
  leave,
  zips,
}: ScheduleTableProps) {
  const assign = useAssignPhysicist();
  const override = useOverrideKit();
  const toast = useToast();
  const { mutate: assignMutate } = assign;
  const { mutate: overrideMutate } = override;
  const { ask: askReason, dialog: reasonDialog } = useCorrectionReason();
  const holders = useMemo(() => jobsByHolder(allJobs), [allJobs]);
  const indexOf = useMemo(() => new Map(allJobs.map((job, index) => [job.id, index])), [allJobs]);

  const columns = useMemo(() => {
    const assignTo = (job: Job, role: 'lead' | 'data_acq', id: number | null) =>
      askReason(job, (reason) =>
        assignMutate(
          { job_id: job.id, role, physicist_id: id, ...(reason === undefined ? {} : { reason }) },
          {
            // The server pins a slot assigned by hand; the toast says so, since it changes what a run may do.
            onSuccess: (saved) => {
              const name = role === 'lead' ? saved.assigned_lead : saved.assigned_data_acq;
              if (id !== null) toast.success(manualAssignmentToast(job.id, role, name));
            },
            onError: (error) => toast.error(`Assignment failed: ${errorMessage(error)}`),
          },
        ),
      );
    // Every optimiser keeps a locked slot: the toggle sits beside the slot it keeps.
    const locked = (job: Job, slot: LockSlot, control: ReactNode) => (
      <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
        <SlotLock job={job} slot={slot} canToggle />
        {control}
      </Stack>
    );
    const personSelect = (job: Job, slot: 'lead' | 'data_acq') => {
      const isLead = slot === 'lead';
      return (
        <AssignSelect
          label={`${isLead ? 'Lead' : 'Data acquisition'} of job ${job.id}`}
          value={isLead ? job.assigned_lead_id : job.assigned_data_acq_id}
          valueName={isLead ? job.assigned_lead : job.assigned_data_acq}
          fallbackName={isLead ? job.assigned_lead : job.assigned_data_acq}
          options={() =>
            physicistOptions(
              job,
              physicists,
              isLead ? 'lead' : 'dataacq',
              leave,
              holders.people,
              zips,
            )
          }
          onChange={(id) => assignTo(job, slot, id)}
        />
      );
    };
    const defs: ColumnDef<Job>[] = [
      rowNumberColumn(indexOf),
      column.display({
        id: 'why',
        header: 'Why',
        size: 52,
        cell: ({ row }) => (
          <ExplainButton jobId={row.original.id} disabled={row.original.start === null} />
        ),
      }),
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
        size: 196,
        cell: ({ row }) => locked(row.original, 'lead', personSelect(row.original, 'lead')),
      }),
      column.display({
        id: 'data_acq',
        header: 'Data Acq',
        size: 196,
        cell: ({ row }) => locked(row.original, 'data_acq', personSelect(row.original, 'data_acq')),
      }),
      column.display({
        id: 'kit',
        header: 'Kit',
        size: 186,
        cell: ({ row }) =>
          locked(
            row.original,
            'kit',
            <AssignSelect
              label={`Kit of job ${row.original.id}`}
              value={row.original.assigned_kit_id}
              valueName={row.original.assigned_kit_name}
              fallbackName={row.original.assigned_kit_name}
              options={() => kitOptions(row.original, kits, holders.kits)}
              onChange={(id) =>
                askReason(row.original, (reason) =>
                  overrideMutate(
                    {
                      job_id: row.original.id,
                      kit_id: id,
                      ...(reason === undefined ? {} : { reason }),
                    },
                    {
                      onError: (error) =>
                        toast.error(`Kit assignment failed: ${errorMessage(error)}`),
                    },
                  ),
                )
              }
            />,
          ),
      }),
      readColumn('region', 'Region', 96),
    ];
    return defs;
  }, [
    indexOf,
    physicists,
    kits,
    leave,
    zips,
    holders,
    assignMutate,
    overrideMutate,
    toast,
    askReason,
  ]);

  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: jobs,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (job) => String(job.id),
  });
  return (
    <ExplainHost>
      <VirtualTable
        table={table}
        label="Schedule"
        emptyText="No jobs match the selected filters"
        rowProps={jobRowProps}
        rowSx={jobRowSx}
        stickyColumns={STICKY}
        cardTitleColumns={CARD_TITLE}
      />
      {reasonDialog}
    </ExplainHost>
  );
}
