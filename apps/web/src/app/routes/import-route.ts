import type { QueryClient } from '@tanstack/react-query';
import { jobsQueryOptions } from '../../lib/scheduling-api/get-jobs';
import { ImportPage } from '../../features/import/components/import-page';

/** Lazy route module for /import. */
export const Component = ImportPage;

/** Pre-navigation warms the job list. */
export const prefetch = (queryClient: QueryClient) => queryClient.prefetchQuery(jobsQueryOptions());
