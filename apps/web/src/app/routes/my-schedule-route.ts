import type { QueryClient } from '@tanstack/react-query';
import { myScheduleQueryOptions } from '../../lib/people-api/get-my-schedule';
import { MySchedulePage } from '../../features/my-schedule/components/my-schedule-page';

/** Lazy route module for /my-schedule. */
export const Component = MySchedulePage;

/** Pre-navigation warms the user's schedule. */
export const prefetch = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(myScheduleQueryOptions());
