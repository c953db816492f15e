import type { QueryClient } from '@tanstack/react-query';
import { kitsQueryOptions } from '../../lib/scheduling-api/get-kits';
import { KitsPage } from '../../features/kits/components/kits-page';

/** Lazy route module for /kits. */
export const Component = KitsPage;

/** Pre-navigation warms the kit list. */
export const prefetch = (queryClient: QueryClient) => queryClient.prefetchQuery(kitsQueryOptions());
