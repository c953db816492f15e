import { queryOptions, useQuery } from '@tanstack/react-query';
import { PhysicistListSchema } from '@meridian/contracts';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /api/v1/physicists/. */
export const getPhysicists = (signal?: AbortSignal) =>
  apiRequest('/physicists/', PhysicistListSchema, { signal });

export const physicistsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.physicists,
    queryFn: ({ signal }) => getPhysicists(signal),
  });

export const usePhysicists = () => useQuery(physicistsQueryOptions());
