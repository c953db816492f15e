import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { loadUsShapes } from '../us-topology';

/** The US outline from the bundled us-atlas chunk; it never changes while the app runs. */
export const usShapesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.usShapes,
    queryFn: loadUsShapes,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useUsShapes = () => useQuery(usShapesQueryOptions());
