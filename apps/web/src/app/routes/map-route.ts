import type { QueryClient } from '@tanstack/react-query';
import { assignmentsQueryOptions } from '../../lib/scheduling-api/get-assignments';
import { kitsQueryOptions } from '../../lib/scheduling-api/get-kits';
import { physicistsQueryOptions } from '../../lib/scheduling-api/get-physicists';
import { zipDataQueryOptions } from '../../lib/scheduling-api/get-zip-data';
import { usShapesQueryOptions } from '../../features/map/api/get-us-shapes';
import { MapPage } from '../../features/map/components/map-page';

/** Lazy route module for /map. */
export const Component = MapPage;

/** Pre-navigation warms the outline chunk and the four lists the map draws. */
export const prefetch = async (queryClient: QueryClient): Promise<void> => {
  await Promise.all([
    queryClient.prefetchQuery(usShapesQueryOptions()),
    queryClient.prefetchQuery(assignmentsQueryOptions()),
    queryClient.prefetchQuery(physicistsQueryOptions()),
    queryClient.prefetchQuery(kitsQueryOptions()),
    queryClient.prefetchQuery(zipDataQueryOptions()),
  ]);
};
