import type { QueryClient } from '@tanstack/react-query';
import { physicistsQueryOptions } from '../../lib/scheduling-api/get-physicists';
import { RosterPage } from '../../features/roster/components/roster-page';

/** Lazy route module for /roster. */
export const Component = RosterPage;

/** Pre-navigation warms the first tab (physicists). */
export const prefetch = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(physicistsQueryOptions());
