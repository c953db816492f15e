import { queryOptions, useQuery } from '@tanstack/react-query';
import { KitListSchema } from '@meridian/contracts';
import { apiRequest } from '../api-client';
import { schedulingKeys } from '../scheduling-keys';

/** GET /api/v1/kits/. */
export const getKits = (signal?: AbortSignal) => apiRequest('/kits/', KitListSchema, { signal });

export const kitsQueryOptions = () =>
  queryOptions({ queryKey: schedulingKeys.kits, queryFn: ({ signal }) => getKits(signal) });

export const useKits = () => useQuery(kitsQueryOptions());
