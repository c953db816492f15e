import type { QueryClient } from '@tanstack/react-query';
import { requestsQueryOptions } from '../../features/requests/api/get-requests';
import { RequestsPage } from '../../features/requests/components/requests-page';

/** Lazy route module for /requests. */
export const Component = RequestsPage;

/** Pre-navigation warms the inbox. */
export const prefetch = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(requestsQueryOptions());
