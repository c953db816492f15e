import Grid from '@mui/material/Grid';
import { BarChart } from '@mui/x-charts/BarChart';
import type { AlgorithmRunResult } from '@meridian/contracts';
import { labelOf } from '../run-figures';

/**
 * Miles and each role's spread of jobs a person (σ, the standard deviation)
 * for the algorithms that ran, in the order given (the ranking).
 */
export function ComparisonChart({ results }: { results: readonly AlgorithmRunResult[] }) {
  const ran = results.filter((r) => !r.error && r.total_distance != null);
  if (ran.length === 0) return null;
  const labels = ran.map((r) => labelOf(r.algorithm));
  const height = Math.max(280, 24 * ran.length + 80);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <BarChart
          height={height}
          layout="horizontal"
          // Room for the last tick label, which is wider than the plot's edge.
          margin={{ right: 32 }}
          yAxis={[{ scaleType: 'band', data: labels, width: 170 }]}
          xAxis={[{ label: 'Total distance (mi)' }]}
          series={[{ data: ran.map((r) => r.total_distance ?? 0), label: 'Total distance (mi)' }]}
          hideLegend
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <BarChart
          height={height}
          layout="horizontal"
          margin={{ right: 32 }}
          yAxis={[{ scaleType: 'band', data: labels, width: 170 }]}
          xAxis={[{ label: 'Spread of jobs a person (σ)' }]}
          series={[
            { data: ran.map((r) => r.workload_stats?.lead.std ?? 0), label: 'Lead' },
            { data: ran.map((r) => r.workload_stats?.data_acq.std ?? 0), label: 'Data acq' },
          ]}
        />
      </Grid>
    </Grid>
  );
}
