import Grid from '@mui/material/Grid';
import { BarChart } from '@mui/x-charts/BarChart';
import { ALGORITHMS } from '@meridian/domain';
import type { AlgorithmRunResult } from './results-table';

const shortLabel = (key: string) => ALGORITHMS.find((a) => a.key === key)?.label ?? key;

/** Distance and workload variance side by side for the algorithms that ran. */
export function ComparisonChart({ results }: { results: readonly AlgorithmRunResult[] }) {
  const ran = results.filter((r) => !r.error && r.total_distance != null);
  if (ran.length === 0) return null;
  const labels = ran.map((r) => shortLabel(r.algorithm));
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <BarChart
          height={280}
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
          height={280}
          layout="horizontal"
          margin={{ right: 32 }}
          yAxis={[{ scaleType: 'band', data: labels, width: 170 }]}
          xAxis={[{ label: 'Workload variance' }]}
          series={[
            { data: ran.map((r) => r.workload_stats?.lead.variance ?? 0), label: 'Lead' },
            { data: ran.map((r) => r.workload_stats?.data_acq.variance ?? 0), label: 'Data acq' },
          ]}
        />
      </Grid>
    </Grid>
  );
}
