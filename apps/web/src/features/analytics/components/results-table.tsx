import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AlgorithmRunResult } from '@meridian/contracts';
import { fWords, labelOf, milesWords, outcomeWords, slotsWords, spreadWords } from '../run-figures';

export type { AlgorithmRunResult };

/** Rank and algorithm stay in view while the other columns scroll sideways. */
const RANK_WIDTH = 56;
const sticky = (left: number) =>
  ({ position: 'sticky', left, zIndex: 1, bgcolor: 'background.paper' }) as const;

/** Lowest total distance among the runs that succeeded, for the "Shortest" mark. */
const shortest = (results: readonly AlgorithmRunResult[]) =>
  Math.min(
    ...results
      .filter((r) => !r.error && r.total_distance != null)
      .map((r) => r.total_distance ?? Infinity),
  );

/**
 * Per-algorithm outcomes in plain figures: slots filled, miles, each role's
 * jobs a person (range and spread), F, and how the run ended. With `ranked`,
 * the rows are in rank order (rankResults) and numbered; `recommended` gets a mark.
 * The table scrolls sideways on a narrow screen, by keyboard too, rank and
 * algorithm staying in view.
 */
export function ResultsTable({
  results,
  label,
  ranked = false,
  recommended = null,
}: {
  results: readonly AlgorithmRunResult[];
  label: string;
  ranked?: boolean;
  recommended?: string | null;
}) {
  const best = shortest(results);
  return (
    <TableContainer tabIndex={0} role="region" aria-label={`${label}, scrollable`}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {ranked && (
              <TableCell
                align="right"
                sx={{ ...sticky(0), width: RANK_WIDTH, minWidth: RANK_WIDTH }}
              >
                Rank
              </TableCell>
            )}
            <TableCell sx={sticky(ranked ? RANK_WIDTH : 0)}>Algorithm</TableCell>
            <TableCell align="right">Slots filled</TableCell>
            <TableCell align="right">Total distance</TableCell>
            <TableCell align="right">Lead jobs a person</TableCell>
            <TableCell align="right">Data-acq jobs a person</TableCell>
            <TableCell align="right">F (lower is better)</TableCell>
            <TableCell>Outcome</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {results.map((result, i) => (
            <TableRow key={result.algorithm} data-testid={`result-${result.algorithm}`}>
              {ranked && (
                <TableCell
                  align="right"
                  data-testid="rank"
                  sx={{ ...sticky(0), width: RANK_WIDTH, minWidth: RANK_WIDTH }}
                >
                  {result.error === null && result.objective_total !== null ? i + 1 : '—'}
                </TableCell>
              )}
              <TableCell
                sx={{ ...sticky(ranked ? RANK_WIDTH : 0), minWidth: { xs: 120, sm: 160 } }}
              >
                {labelOf(result.algorithm)}
                {result.algorithm === recommended && (
                  <Chip size="small" color="primary" label="Recommended" sx={{ ml: 1 }} />
                )}
                {!result.error && result.total_distance === best && results.length > 1 && (
                  <Chip size="small" color="success" label="Shortest" sx={{ ml: 1 }} />
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {slotsWords(result)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {milesWords(result.total_distance)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {spreadWords(result.workload_stats?.lead)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {spreadWords(result.workload_stats?.data_acq)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {result.objective_total === null ? '—' : fWords(result.objective_total)}
              </TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                <Typography
                  variant="body2"
                  color={result.error ? 'error' : 'text.secondary'}
                  data-testid="outcome"
                >
                  {outcomeWords(result)}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
