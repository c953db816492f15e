import { lazy, Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import LinearProgress from '@mui/material/LinearProgress';
import { assignmentsQueryOptions } from '../../lib/scheduling-api/get-assignments';
import { analyticsSummaryQueryOptions } from '../../features/analytics/api/get-analytics-summary';
import { AnalyticsPage } from '../../features/analytics/components/analytics-page';

// The map (d3-geo, topojson and the US outline) is its own chunk: the charts
// show without waiting for it, and screens without a map never load it.
const MapPanel = lazy(async () => ({
  default: (await import('../../features/map/components/map-panel')).MapPanel,
}));

/**
 * Lazy route module for /analytics. Two features meet on this screen, so the
 * app composes them: the dashboard and, under its summary, the map panel.
 */
export function Component() {
  return (
    <AnalyticsPage
      mapPanel={
        <Suspense fallback={<LinearProgress aria-label="Loading the map" />}>
          <MapPanel />
        </Suspense>
      }
    />
  );
}

/** Pre-navigation warms the summary and the assignments the workload chart counts. */
export const prefetch = async (queryClient: QueryClient): Promise<void> => {
  await Promise.all([
    queryClient.prefetchQuery(analyticsSummaryQueryOptions()),
    queryClient.prefetchQuery(assignmentsQueryOptions()),
  ]);
};
