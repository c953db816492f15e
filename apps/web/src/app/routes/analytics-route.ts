import type { QueryClient } from '@tanstack/react-query';
import { assignmentsQueryOptions } from '../../lib/scheduling-api/get-assignments';
import { analyticsSummaryQueryOptions } from '../../features/analytics/api/get-analytics-summary';
import { AnalyticsPage } from '../../features/analytics/components/analytics-page';

/** Lazy route module for /analytics. */
export const Component = AnalyticsPage;

/** Pre-navigation warms the summary and the assignments the workload chart counts. */
export const prefetch = async (queryClient: QueryClient): Promise<void> => {
  await Promise.all([
    queryClient.prefetchQuery(analyticsSummaryQueryOptions()),
    queryClient.prefetchQuery(assignmentsQueryOptions()),
  ]);
};
