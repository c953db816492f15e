import { useRef } from 'react';
import { flexRender, type Row, type Table as TanTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import { VIRTUAL_ROW_HEIGHT } from '@meridian/domain';
import { RowCards } from './row-cards';
import { renderCell } from './render-cell';

interface VirtualTableProps<T> {
  table: TanTable<T>;
  label: string;
  emptyText: string;
  /** Container height; rows outside it are not rendered. */
  height?: string | number;
  rowHeight?: number;
  /** Extra attributes of a row (highlight classes, test ids). */
  rowProps?: (row: Row<T>) => { className?: string; 'data-testid'?: string };
  /** Row styles (one style object or function, not an array). */
  rowSx?: Exclude<SxProps<Theme>, readonly unknown[]>;
  /** Leading columns (by id, in order) that stay in view while the table scrolls sideways. */
  stickyColumns?: readonly string[];
  /** On a phone, show the rows as cards titled with these columns instead of a table. */
  cardTitleColumns?: readonly string[];
}

/** Where each sticky column starts, from the widths of those before it. */
function stickyOffsets<T>(table: TanTable<T>, ids: readonly string[]): Map<string, number> {
  const offsets = new Map<string, number>();
  let left = 0;
  for (const column of table.getVisibleLeafColumns()) {
    if (!ids.includes(column.id)) break;
    offsets.set(column.id, left);
    left += column.getSize();
  }
  return offsets;
}

/** A sticky cell: it covers what scrolls under it; the last one casts an edge. */
const stickySx = (left: number, isLast: boolean, isHeader: boolean) => ({
  position: 'sticky',
  left,
  zIndex: isHeader ? 3 : 1,
  bgcolor: 'background.paper',
  ...(isLast ? { boxShadow: (theme: Theme) => `inset -1px 0 0 ${theme.palette.divider}` } : {}),
});

/**
 * A TanStack Table drawn with MUI table parts and virtualised by TanStack
 * Virtual: only the rows in view (plus a small overscan) are in the DOM, with
 * spacer rows standing in for the rest, so 10,000 jobs cost what 20 do.
 */
export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (isPhone && props.cardTitleColumns) {
    return (
      <RowCards
        table={props.table}
        label={props.label}
        emptyText={props.emptyText}
        titleColumns={props.cardTitleColumns}
        rowProps={props.rowProps}
        rowSx={props.rowSx}
      />
    );
  }
  return <ScrollingTable {...props} />;
}

function ScrollingTable<T>(props: VirtualTableProps<T>) {
  const { table, rowHeight = VIRTUAL_ROW_HEIGHT } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  // TanStack Virtual returns functions the React Compiler cannot memoise; that is expected.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 6,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columnCount = table.getVisibleLeafColumns().length;
  const sticky = stickyOffsets(table, props.stickyColumns ?? []);
  const lastSticky = [...sticky.keys()].at(-1);
  const stickyOf = (id: string, isHeader: boolean) => {
    const left = sticky.get(id);
    return left === undefined ? {} : stickySx(left, id === lastSticky, isHeader);
  };

  return (
    <TableContainer
      ref={scrollRef}
      sx={{ height: props.height ?? 'calc(100vh - 300px)', minHeight: 360, overflow: 'auto' }}
    >
      <Table
        stickyHeader
        size="small"
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
        sx={{ tableLayout: 'fixed', minWidth: table.getTotalSize() }}
      >
        <TableHead>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => (
                <TableCell
                  key={header.id}
                  sx={{
                    width: header.getSize(),
                    fontWeight: 700,
                    whiteSpace: 'nowrap',
                    ...stickyOf(header.column.id, true),
                  }}
                >
                  {header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext())}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columnCount} sx={{ py: 6, textAlign: 'center' }}>
                <Typography color="text.secondary">{props.emptyText}</Typography>
              </TableCell>
            </TableRow>
          )}
          {top > 0 && (
            <TableRow aria-hidden>
              <TableCell colSpan={columnCount} sx={{ height: top, p: 0, border: 0 }} />
            </TableRow>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <TableRow
                key={row.id}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                hover
                {...props.rowProps?.(row)}
                sx={[{ height: rowHeight }, props.rowSx ?? false]}
              >
                {row.getVisibleCells().map((cell) => (
                  <TableCell
                    key={cell.id}
                    sx={{
                      py: 0.5,
                      overflow: 'hidden',
                      height: rowHeight,
                      maxHeight: rowHeight,
                      ...stickyOf(cell.column.id, false),
                    }}
                  >
                    {renderCell(cell)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
          {bottom > 0 && (
            <TableRow aria-hidden>
              <TableCell colSpan={columnCount} sx={{ height: bottom, p: 0, border: 0 }} />
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
