import type { QueryClient } from '@tanstack/react-query';
import { jobsQueryOptions } from '../../lib/scheduling-api/get-jobs';
import { kitsQueryOptions } from '../../lib/scheduling-api/get-kits';
import { physicistsQueryOptions } from '../../lib/scheduling-api/get-physicists';
import { SchedulePage } from './components/schedule-page';

/** Lazy route module for /schedule. */
export const Component = SchedulePage;

/** Pre-navigation warms the jobs and the dropdowns' physicists and kits. */
export const prefetch = async (queryClient: QueryClient) => {
  await Promise.all([
    queryClient.prefetchQuery(jobsQueryOptions()),
    queryClient.prefetchQuery(physicistsQueryOptions()),
    queryClient.prefetchQuery(kitsQueryOptions()),
  ]);
};
