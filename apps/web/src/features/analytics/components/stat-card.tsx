import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface StatCardProps {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  testId?: string;
}

/** One headline number of the dashboard. */
export function StatCard({ label, value, detail, testId }: StatCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={testId}>
      <Typography variant="overline" color="text.secondary" component="h2">
        {label}
      </Typography>
      <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid={testId && `${testId}-value`}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
          {detail}
        </Typography>
      )}
    </Paper>
  );
}
