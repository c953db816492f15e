import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';

interface RosterTableProps<T> {
  label: string;
  columns: readonly string[];
  rows: readonly T[];
  rowKey: (row: T) => number;
  rowName: (row: T) => string;
  cells: (row: T) => ReactNode[];
  onEdit?: (row: T) => void;
  onDelete: (row: T) => void;
}

/** A small roster list with per-row edit and delete. */
export function RosterTable<T>(props: RosterTableProps<T>) {
  return (
    <TableContainer sx={{ maxHeight: 'calc(100vh - 330px)' }}>
      <Table size="small" stickyHeader aria-label={props.label}>
        <TableHead>
          <TableRow>
            {props.columns.map((name) => (
              <TableCell key={name} sx={{ fontWeight: 700 }}>
                {name}
              </TableCell>
            ))}
            <TableCell sx={{ fontWeight: 700 }} align="right">
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.map((row) => (
            <TableRow
              key={props.rowKey(row)}
              hover
              data-testid={`roster-row-${props.rowName(row)}`}
            >
              {props.cells(row).map((cell, index) => (
                <TableCell key={index}>{cell}</TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {props.onEdit && (
                  <Tooltip title="Edit">
                    <IconButton
                      aria-label={`Edit ${props.rowName(row)}`}
                      onClick={() => props.onEdit?.(row)}
                    >
                      <Edit fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                <Tooltip title="Delete">
                  <IconButton
                    color="error"
                    aria-label={`Delete ${props.rowName(row)}`}
                    onClick={() => props.onDelete(row)}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
