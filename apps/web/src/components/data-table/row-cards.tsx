import { Fragment, useState } from 'react';
import type { Row, Table as TanTable } from '@tanstack/react-table';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { renderCell } from './render-cell';

/** How many cards show at first, and how many more each "Show more" adds. */
const PAGE = 40;

interface RowCardsProps<T> {
  table: TanTable<T>;
  label: string;
  emptyText: string;
  /** Columns whose cells make the card's title line (the rest become labelled lines). */
  titleColumns: readonly string[];
  rowProps?: (row: Row<T>) => { className?: string; 'data-testid'?: string };
  rowSx?: Exclude<SxProps<Theme>, readonly unknown[]>;
}

const headerText = (row: Row<unknown>, columnId: string) => {
  const header = row.getVisibleCells().find((c) => c.column.id === columnId)?.column
    .columnDef.header;
  return typeof header === 'string' ? header : columnId;
};

/**
 * A table's rows as cards, for a phone: the title columns on the first line,
 * every other column as "header: value", with the very cells the table draws
 * (buttons and dropdowns included). A list of cards needs no sideways scroll;
 * it shows PAGE cards at a time.
 */
export function RowCards<T>(props: RowCardsProps<T>) {
  const rows = props.table.getRowModel().rows;
  const [shown, setShown] = useState(PAGE);
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {props.emptyText}
      </Typography>
    );
  }
  const rest = rows.length - shown;
  return (
    <>
      <Box
        component="ul"
        aria-label={props.label}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
      >
        {rows.slice(0, shown).map((row) => {
          const cells = row.getVisibleCells();
          const extra = props.rowProps?.(row);
          return (
            <Paper
              component="li"
              variant="outlined"
              key={row.id}
              className={extra?.className}
              data-testid={extra?.['data-testid']}
              sx={[{ p: 1.5 }, props.rowSx ?? false]}
            >
              <Box
                sx={{ display: 'flex', gap: 1, alignItems: 'center', fontWeight: 600, minWidth: 0 }}
              >
                {cells
                  .filter((cell) => props.titleColumns.includes(cell.column.id))
                  .map((cell) => (
                    <Box key={cell.id} sx={{ minWidth: 0 }}>
                      {renderCell(cell)}
                    </Box>
                  ))}
              </Box>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'max-content minmax(0, 1fr)',
                  columnGap: 1.5,
                  rowGap: 0.5,
                  alignItems: 'center',
                  m: 0,
                  mt: 1,
                }}
              >
                {cells
                  .filter((cell) => !props.titleColumns.includes(cell.column.id))
                  .map((cell) => (
                    <Fragment key={cell.id}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {headerText(row as Row<unknown>, cell.column.id)}
                      </Typography>
                      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
                        {renderCell(cell)}
                      </Box>
                    </Fragment>
                  ))}
              </Box>
            </Paper>
          );
        })}
      </Box>
      {rest > 0 && (
        <Button sx={{ mt: 1.5 }} onClick={() => setShown((count) => count + PAGE)}>
          Show {Math.min(PAGE, rest)} more ({rest} not shown)
        </Button>
      )}
    </>
  );
}
