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
import type { Row } from '@tanstack/react-table';
import { alpha, type Theme } from '@mui/material/styles';
import type { IsoDate, Job, Physicist } from '@meridian/domain';
import { VirtualTable } from '../../../components/data-table/virtual-table';
import { ExplainButton, ExplainHost } from '../../../components/explain/explain-button';
import { readColumn, rowNumberColumn } from '../../../components/jobs-table/job-columns';
import { jobRowProps, jobRowSx } from '../../../components/jobs-table/job-row-style';
import type { ZipIndex } from '../../../components/jobs-table/zip-distance';
import { AssigneeCell } from './assignee-cell';
import { KitCell, type KitAssigning } from './kit-cell';
import { PhaseCell, phaseOf } from './phase-cell';

const column = createColumnHelper<Job>();

interface AssignmentsTableProps {
  jobs: Job[];
  /** Each job's place in the whole list, for its row number. */
  indexOf: ReadonlyMap<number, number>;
  /** Today in the organisation's zone: a frozen job that runs on says "Started". */
  today: IsoDate;
  canManage: boolean;
  /** The kit dropdown's data for kit editors, admins and managers; null shows the kit's name. */
  kitAssigning: KitAssigning | null;
  /** Physicists by id, for the assignee's home zip when the reason has no distance. */
  physicistsById: ReadonlyMap<number, Physicist>;
  zips: ZipIndex | undefined;
  /** The notify icons of a row: notify affected physicists, or all physicists about this job. */
  onNotify: (kind: 'affected' | 'all', job: Job) => void;
  /** Jobs to mark (the slots a chosen run of the plan history changed); null marks none. */
  highlighted?: ReadonlySet<number> | null;
}

/** The number, Why and the customer stay in view while the table scrolls sideways. */
const STICKY = ['row', 'why', 'customer'];
/** On a phone each job is a card titled with its number and customer; its phase is the first line. */
const CARD_TITLE = ['row', 'customer'];

/**
 * Past rows are greyed (secondary text, which keeps AA contrast, on a grey
 * tint unless a warning colours the row); marked rows get a tint and a bar at
 * the left edge, which the blinking warnings do not hide.
 */
const rowSx = {
  ...jobRowSx,
  '&.job-past > td, li&.job-past': { color: 'text.secondary' },
  '&.job-past:not(.job-weekend):not(.job-missing-zip) > td, li&.job-past:not(.job-weekend):not(.job-missing-zip)':
    { backgroundColor: 'action.hover' },
  '&.job-run-changed > td': {
    backgroundColor: (theme: Theme) => alpha(theme.palette.primary.main, 0.16),
  },
  '&.job-run-changed > td:first-of-type': {
    boxShadow: (theme: Theme) => `inset 4px 0 0 ${theme.palette.primary.main}`,
  },
};

/**
 * The assignment table: assignees with distance and travel hint, a kit
 * dropdown for those who may assign kits, and for schedulers the notify icons
 * in an actions column.
 */
export function AssignmentsTable({
  jobs,
  indexOf,
  today,
  canManage,
  kitAssigning,
  physicistsById,
  zips,
  onNotify,
  highlighted = null,
}: AssignmentsTableProps) {
  const columns = useMemo(() => {
    const homeZip = (id: number | null) =>
      id === null ? null : (physicistsById.get(id)?.home_zip ?? null);
    const assigneeColumn = (
      side: 'lead' | 'acq',
      header: string,
      id: 'assigned_lead_id' | 'assigned_data_acq_id',
    ) =>
      column.display({
        id: side,
        header,
        size: 230,
        cell: ({ row }) => (
          <AssigneeCell
            job={row.original}
            side={side}
            homeZip={homeZip(row.original[id])}
            zips={zips}
            canManage={canManage}
          />
        ),
      });
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
      column.display({
        id: 'phase',
        header: 'Plan',
        size: 100,
        cell: ({ row }) => <PhaseCell job={row.original} today={today} />,
      }),
      readColumn('location', 'Location', 170),
      readColumn('zip_code', 'Zip', 72),
      readColumn('start', 'Start', 104),
      readColumn('end', 'End', 104),
      assigneeColumn('lead', 'Lead', 'assigned_lead_id'),
      assigneeColumn('acq', 'Data Acq', 'assigned_data_acq_id'),
      column.display({
        id: 'kit',
        header: 'Kit',
        size: kitAssigning ? 170 : 130,
        cell: ({ row }) => (
          <KitCell job={row.original} assigning={kitAssigning} canManage={canManage} />
        ),
      }),
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
                  onClick={() => onNotify('affected', row.original)}
                >
                  <NotificationsActive fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Notify all physicists">
                <IconButton
                  size="small"
                  aria-label={`Notify all physicists about job ${row.original.id}`}
                  onClick={() => onNotify('all', row.original)}
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
  }, [indexOf, today, canManage, kitAssigning, physicistsById, zips, onNotify]);
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: jobs,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (j) => String(j.id),
  });
  const rowProps = useMemo(
    () => (row: Row<Job>) => {
      const props = jobRowProps(row);
      const marks = [props.className, `job-${phaseOf(row.original)}`];
      if (highlighted?.has(row.original.id)) marks.push('job-run-changed');
      return { ...props, className: marks.filter(Boolean).join(' ') };
    },
    [highlighted],
  );
  return (
    <ExplainHost>
      <VirtualTable
        table={table}
        label="Assignments"
        emptyText="No jobs match the selected filters"
        rowProps={rowProps}
        rowSx={rowSx}
        stickyColumns={STICKY}
        cardTitleColumns={CARD_TITLE}
      />
    </ExplainHost>
  );
}
