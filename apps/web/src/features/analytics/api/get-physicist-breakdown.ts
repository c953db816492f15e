import { queryOptions, useQuery } from '@tanstack/react-query';
import { PhysicistBreakdownListSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/analytics/physicists: jobs against fair share, miles and repeats per physicist. */
export const getPhysicistBreakdown = (signal?: AbortSignal) =>
  apiRequest('/analytics/physicists', PhysicistBreakdownListSchema, { signal });

export const physicistBreakdownQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.physicistBreakdown,
    queryFn: ({ signal }) => getPhysicistBreakdown(signal),
  });

export const usePhysicistBreakdown = () => useQuery(physicistBreakdownQueryOptions());
