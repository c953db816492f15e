import type { QueryClient } from '@tanstack/react-query';
import { assignmentsQueryOptions } from '../../lib/scheduling-api/get-assignments';
import { availabilityQueryOptions } from '../../lib/scheduling-api/get-availability';
import { kitsQueryOptions } from '../../lib/scheduling-api/get-kits';
import { physicistsQueryOptions } from '../../lib/scheduling-api/get-physicists';
import { TimelinePage } from '../../features/timeline/components/timeline-page';

/** Lazy route module for /timeline. */
export const Component = TimelinePage;

/** Pre-navigation warms the plan, the roster, the kits and the leave. */
export const prefetch = async (queryClient: QueryClient) => {
  await Promise.all([
    queryClient.prefetchQuery(assignmentsQueryOptions()),
    queryClient.prefetchQuery(physicistsQueryOptions()),
    queryClient.prefetchQuery(kitsQueryOptions()),
    queryClient.prefetchQuery(availabilityQueryOptions()),
  ]);
};
