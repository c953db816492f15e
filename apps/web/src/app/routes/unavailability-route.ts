import type { QueryClient } from '@tanstack/react-query';
import { availabilityQueryOptions } from '../../lib/scheduling-api/get-availability';
import { UnavailabilityPage } from '../../features/unavailability/components/unavailability-page';

/** Lazy route module for /unavailability. */
export const Component = UnavailabilityPage;

/** Pre-navigation warms the records. */
export const prefetch = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(availabilityQueryOptions());
