import { useMemo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useAssignments } from '../../../lib/scheduling-api/get-assignments';
import { usePhysicists } from '../../../lib/scheduling-api/get-physicists';
import { PageHeader } from '../../../components/page-header';
import { useErrorToast } from '../../../components/use-error-toast';
import { useAnalyticsSummary } from '../api/get-analytics-summary';
import { roleCounts, workloadByPhysicist } from '../workload';
import { ChartErrorBoundary } from './chart-error-boundary';
import { ComparisonSection } from './comparison-section';
import { DistanceChart } from './distance-chart';
import { PhysicistBreakdownTable } from './physicist-breakdown';
import { SingleRunSection } from './single-run-section';
import { SummaryCards } from './summary-cards';
import { WorkloadChart } from './workload-chart';

/**
 * /analytics: the current plan's coverage, travel and balance first (what a
 * manager checks after a run), then the what-if tools: one algorithm, or all.
 * `mapPanel` sits under the summary (the app passes the offline map).
 */
export function AnalyticsPage({ mapPanel }: { mapPanel?: ReactNode }) {
  const summary = useAnalyticsSummary();
  const assignments = useAssignments();
  const failed = summary.error ?? assignments.error;
  useErrorToast(failed, 'Failed to fetch analytics data.');
  const physicists = usePhysicists();
  const workload = useMemo(() => workloadByPhysicist(assignments.data ?? []), [assignments.data]);
  const people = useMemo(() => {
    const [jobs, roster] = [assignments.data ?? [], physicists.data ?? []];
    return {
      lead: roleCounts(jobs, roster, 'lead'),
      data_acq: roleCounts(jobs, roster, 'dataacq'),
    };
  }, [assignments.data, physicists.data]);

  return (
    <>
      <PageHeader title="Analytics" />
      {(summary.isPending || assignments.isPending) && !failed && (
        <LinearProgress aria-label="Loading analytics" sx={{ mb: 2 }} />
      )}
      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          Failed to fetch analytics data.
        </Alert>
      )}
      <Stack spacing={2}>
        {summary.data && (
          <>
            <SummaryCards summary={summary.data} people={people} />
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, lg: 5 }}>
                <ChartErrorBoundary>
                  <DistanceChart buckets={summary.data.distance_buckets} />
                </ChartErrorBoundary>
              </Grid>
              <Grid size={{ xs: 12, lg: 7 }}>
                <SingleRunSection />
              </Grid>
            </Grid>
          </>
        )}
        {mapPanel}
        <ComparisonSection />
        {summary.data && (
          <ChartErrorBoundary>
            <WorkloadChart rows={workload} stats={summary.data.workload} />
          </ChartErrorBoundary>
        )}
        <PhysicistBreakdownTable />
      </Stack>
    </>
  );
}
