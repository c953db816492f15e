import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { AnalyticsSummary } from '@meridian/contracts';
import type { PhysicistWorkload } from '../workload';

const ROLES = [
  { key: 'lead', label: 'Lead' },
  { key: 'data_acq', label: 'Data acquisition' },
] as const;

type RoleStats = AnalyticsSummary['workload']['lead'];

function RoleChip({ label, stats }: { label: string; stats: RoleStats }) {
  const text = `${label}: ${stats.mean.toFixed(1)} ± ${stats.std.toFixed(1)} jobs (min ${stats.min}, max ${stats.max})`;
  return (
    <Chip
      size="small"
      variant={stats.is_imbalanced ? 'filled' : 'outlined'}
      color={stats.is_imbalanced ? 'warning' : 'success'}
      label={`${text} · ${stats.is_imbalanced ? 'imbalanced' : 'balanced'}`}
      data-testid={`imbalance-${label}`}
    />
  );
}

interface WorkloadChartProps {
  rows: readonly PhysicistWorkload[];
  stats: AnalyticsSummary['workload'];
}

/** Jobs per physicist, stacked by role, with the imbalance rule's verdict per role. */
export function WorkloadChart({ rows, stats }: WorkloadChartProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        Workload per physicist
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Imbalanced when the standard deviation exceeds half the mean and the busiest has more than
        one job more than the least busy.
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        {ROLES.map((role) => (
          <RoleChip key={role.key} label={role.label} stats={stats[role.key]} />
        ))}
      </Stack>
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          No physicist has an assignment yet.
        </Typography>
      ) : (
        <BarChart
          layout="horizontal"
          height={Math.max(220, rows.length * 22 + 60)}
          yAxis={[{ scaleType: 'band', data: rows.map((r) => r.name), width: 150 }]}
          xAxis={[{ label: 'Jobs', tickMinStep: 1 }]}
          series={[
            { data: rows.map((r) => r.lead), label: 'Lead', stack: 'jobs' },
            { data: rows.map((r) => r.dataAcq), label: 'Data acquisition', stack: 'jobs' },
          ]}
        />
      )}
    </Paper>
  );
}
