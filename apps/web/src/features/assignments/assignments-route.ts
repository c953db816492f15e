import type { QueryClient } from '@tanstack/react-query';
import { assignmentsQueryOptions } from '../../lib/scheduling-api/get-assignments';
import { AssignmentsPage } from './components/assignments-page';

/** Lazy route module for /assignments. */
export const Component = AssignmentsPage;

/** Pre-navigation warms the assignment list. */
export const prefetch = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(assignmentsQueryOptions());
