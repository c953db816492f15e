import type { QueryClient } from '@tanstack/react-query';
import { availabilityQueryOptions } from '../../lib/scheduling-api/get-availability';
import { jobsQueryOptions } from '../../lib/scheduling-api/get-jobs';
import { kitsQueryOptions } from '../../lib/scheduling-api/get-kits';
import { physicistsQueryOptions } from '../../lib/scheduling-api/get-physicists';
import { zipDataQueryOptions } from '../../lib/scheduling-api/get-zip-data';
import { SchedulePage } from '../../features/schedule/components/schedule-page';

/** Lazy route module for /schedule. */
export const Component = SchedulePage;

/** Pre-navigation warms the jobs and what the dropdowns read: physicists, kits, leave and zips. */
export const prefetch = async (queryClient: QueryClient) => {
  await Promise.all([
    queryClient.prefetchQuery(jobsQueryOptions()),
    queryClient.prefetchQuery(physicistsQueryOptions()),
    queryClient.prefetchQuery(kitsQueryOptions()),
    queryClient.prefetchQuery(availabilityQueryOptions()),
    queryClient.prefetchQuery(zipDataQueryOptions()),
  ]);
};
