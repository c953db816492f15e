import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api-client';
import { usePhysicistBreakdown } from '../api/get-physicist-breakdown';
import { shareGap, sortBreakdown, type BreakdownKey } from '../breakdown-sort';

const COLUMNS: { key: BreakdownKey; label: string; numeric: boolean }[] = [
  { key: 'name', label: 'Physicist', numeric: false },
  { key: 'role', label: 'Role', numeric: false },
  { key: 'jobs', label: 'Jobs', numeric: true },
  { key: 'target', label: 'Fair share', numeric: true },
  { key: 'gap', label: 'Over / under', numeric: true },
  { key: 'miles', label: 'Miles', numeric: true },
  { key: 'rotation_repeats', label: 'Repeat visits', numeric: true },
];

const ROLE = { lead: 'Lead', dataacq: 'Data acq' } as const;
const fixed = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const signedGap = (gap: number) => (gap > 0.05 ? `+${fixed(gap, 1)}` : fixed(gap, 1));

/**
 * Per physicist: jobs against their fair share (proportional to the days they
 * are available), miles from home and repeat visits to the same customer:
 * the balance, proximity and rotation terms of F, person by person. Sortable.
 */
export function PhysicistBreakdownTable() {
  const breakdown = usePhysicistBreakdown();
  const [key, setKey] = useState<BreakdownKey>('gap');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const rows = useMemo(
    () => sortBreakdown(breakdown.data ?? [], key, direction),
    [breakdown.data, key, direction],
  );
  const sortBy = (next: BreakdownKey) => {
    if (next === key) setDirection(direction === 'asc' ? 'desc' : 'asc');
    else {
      setKey(next);
      setDirection(next === 'name' || next === 'role' ? 'asc' : 'desc');
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="h2">
        Per physicist
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Jobs against each one&apos;s fair share (in proportion to the days they are available),
        miles from home and repeat visits to the same customer.
      </Typography>
      {breakdown.error && <Alert severity="error">{errorMessage(breakdown.error)}</Alert>}
      <TableContainer sx={{ maxHeight: 480 }}>
        <Table size="small" stickyHeader aria-label="Per-physicist breakdown">
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.numeric ? 'right' : 'left'}
                  sortDirection={key === c.key ? direction : false}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  <TableSortLabel
                    active={key === c.key}
                    direction={key === c.key ? direction : 'asc'}
                    onClick={() => sortBy(c.key)}
                  >
                    {c.label}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => {
              const gap = shareGap(r);
              return (
                <TableRow key={r.physicist_id} data-testid="breakdown-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {r.name}
                    {!r.placed && (
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {' '}
                        (home zip unknown)
                      </Box>
                    )}
                  </TableCell>
                  <TableCell>{ROLE[r.role]}</TableCell>
                  <TableCell align="right">{r.jobs}</TableCell>
                  <TableCell align="right">{fixed(r.target, 1)}</TableCell>
                  <TableCell
                    align="right"
                    sx={{ color: Math.abs(gap) >= 2 ? 'warning.main' : undefined }}
                  >
                    {signedGap(gap)}
                  </TableCell>
                  <TableCell align="right">{fixed(r.miles, 0)}</TableCell>
                  <TableCell align="right">{r.rotation_repeats}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
