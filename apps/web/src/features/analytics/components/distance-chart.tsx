import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';

/** The spec's buckets in order; a bucket the server left out counts as zero. */
const BUCKETS = ['0-100', '101-400', '401-1000', '>1000'] as const;

/** How far physicists travel: assigned slots per bucket (0-100, 101-400, 401-1000, >1000 mi). */
export function DistanceChart({ buckets }: { buckets: Record<string, number> }) {
  const counts = BUCKETS.map((key) => buckets[key] ?? 0);
  const total = counts.reduce((sum, count) => sum + count, 0);
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography variant="h6" component="h2">
        Travel distance per assignment
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {total} assigned slots by one-way distance from home
      </Typography>
      {total === 0 ? (
        // An axis from 0 to 0 draws a lone, cut-off tick: say what is missing instead.
        <Typography color="text.secondary" sx={{ py: 10, textAlign: 'center' }}>
          No assigned slots yet: run an optimisation or assign physicists by hand.
        </Typography>
      ) : (
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: BUCKETS.map((b) => `${b} mi`) }]}
          yAxis={[{ label: 'Slots', tickMinStep: 1 }]}
          series={[{ data: counts, label: 'Assigned slots', color: '#1976d2' }]}
          hideLegend
        />
      )}
    </Paper>
  );
}
