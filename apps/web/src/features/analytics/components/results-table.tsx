import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { AlgorithmRunResultSchema } from '@meridian/contracts';
import { ALGORITHMS } from '@meridian/domain';

export type AlgorithmRunResult = z.infer<typeof AlgorithmRunResultSchema>;

const labelOf = (key: string) => ALGORITHMS.find((a) => a.key === key)?.label ?? key;
const number = (value: number | null | undefined, digits = 1) =>
  value == null ? '—' : value.toLocaleString(undefined, { maximumFractionDigits: digits });

/** Lowest total distance among the runs that succeeded, for the "shortest" mark. */
const shortest = (results: readonly AlgorithmRunResult[]) =>
  Math.min(
    ...results
      .filter((r) => !r.error && r.total_distance != null)
      .map((r) => r.total_distance ?? Infinity),
  );

/** Per-algorithm outcomes: distance, workload variances per role, and what happened. */
export function ResultsTable({
  results,
  label,
}: {
  results: readonly AlgorithmRunResult[];
  label: string;
}) {
  const best = shortest(results);
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Algorithm</TableCell>
          <TableCell align="right">Total distance (mi)</TableCell>
          <TableCell align="right">Lead workload variance</TableCell>
          <TableCell align="right">Data-acq workload variance</TableCell>
          <TableCell>Outcome</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {results.map((result) => (
          <TableRow key={result.algorithm} data-testid={`result-${result.algorithm}`}>
            <TableCell>
              {labelOf(result.algorithm)}
              {!result.error && result.total_distance === best && results.length > 1 && (
                <Chip size="small" color="success" label="Shortest" sx={{ ml: 1 }} />
              )}
            </TableCell>
            <TableCell align="right">{number(result.total_distance, 0)}</TableCell>
            <TableCell align="right">{number(result.workload_stats?.lead.variance, 2)}</TableCell>
            <TableCell align="right">
              {number(result.workload_stats?.data_acq.variance, 2)}
            </TableCell>
            <TableCell sx={{ maxWidth: 360 }}>
              {result.error ? (
                <Typography variant="body2" color="error">
                  {result.error}
                </Typography>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {result.summary ?? 'Done'}
                </Typography>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
