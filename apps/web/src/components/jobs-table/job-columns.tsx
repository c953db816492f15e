import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { rowNumber } from '@meridian/contracts';
import { composeReason, parseReason, type Job } from '@meridian/domain';
import { DatePartsCell } from './date-parts-cell';
import { EditableTextCell } from './editable-text-cell';
import type { EditableJobField } from './job-edit-rule';

const column = createColumnHelper<Job>();

/** Saves one field of one job (see useJobEdit). */
export type SaveJobField = (job: Job, field: EditableJobField, value: string) => Promise<boolean>;

/**
 * The row number, padded to 3 digits (001): the job's own place in the whole
 * list when `indexOf` knows it (so a date window, a filter or Mine keeps each
 * job's number), else its place in the view.
 */
export const rowNumberColumn = (indexOf?: ReadonlyMap<number, number>): ColumnDef<Job> =>
  column.display({
    id: 'row',
    header: '#',
    size: 56,
    cell: ({ row }) => (
      <Typography
        variant="body2"
        sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}
      >
        {rowNumber(indexOf?.get(row.original.id) ?? row.index)}
      </Typography>
    ),
  });

const plain = (value: string | number | null) => (
  <Typography variant="body2" noWrap title={value == null ? '' : String(value)}>
    {value ?? ''}
  </Typography>
);

/** A text field that editors change in place. */
export function textColumn(
  field: 'customer' | 'location' | 'zip_code' | 'package',
  header: string,
  size: number,
  canEdit: boolean,
  save: SaveJobField,
): ColumnDef<Job> {
  return column.accessor(field, {
    header,
    size,
    cell: ({ row }) => (
      <EditableTextCell
        value={row.original[field]}
        label={`${header} of job ${row.original.id}`}
        canEdit={canEdit}
        onCommit={(value) => save(row.original, field, value)}
      />
    ),
  });
}

/** Start or end, edited through year/month/day pickers. */
export function dateColumn(
  field: 'start' | 'end',
  header: string,
  canEdit: boolean,
  save: SaveJobField,
): ColumnDef<Job> {
  return column.accessor(field, {
    header,
    size: canEdit ? 196 : 110,
    cell: ({ row }) => (
      <DatePartsCell
        value={row.original[field]}
        label={`${header} of job ${row.original.id}`}
        canEdit={canEdit}
        onCommit={(value) => save(row.original, field, value)}
      />
    ),
  });
}

/** The user comment part of `reason`; saving always sends (reason is never "unchanged"). */
export function commentColumn(canEdit: boolean, save: SaveJobField, size = 200): ColumnDef<Job> {
  return column.accessor((job) => parseReason(job.reason).comment, {
    id: 'comment',
    header: 'Comment',
    size,
    cell: ({ row }) => (
      <EditableTextCell
        value={parseReason(row.original.reason).comment}
        label={`Comment of job ${row.original.id}`}
        canEdit={canEdit}
        onCommit={(comment) =>
          save(
            row.original,
            'reason',
            composeReason({ ...parseReason(row.original.reason), comment }),
          )
        }
      />
    ),
  });
}

/** A read-only column. */
export function readColumn(
  field:
    | 'duration'
    | 'region'
    | 'assigned_kit_name'
    | 'kit_location'
    | 'zip_code'
    | 'customer'
    | 'location'
    | 'start'
    | 'end'
    | 'package',
  header: string,
  size: number,
): ColumnDef<Job> {
  return column.accessor(field, {
    header,
    size,
    cell: (info) => plain(info.getValue()),
  });
}

/** The delete action of editors. */
export function deleteColumn(onDelete: (job: Job) => void): ColumnDef<Job> {
  return column.display({
    id: 'actions',
    header: 'Actions',
    size: 76,
    cell: ({ row }) => (
      <Tooltip title="Delete job">
        <IconButton
          size="small"
          color="error"
          aria-label={`Delete job ${row.original.id}`}
          onClick={() => onDelete(row.original)}
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
  });
}
