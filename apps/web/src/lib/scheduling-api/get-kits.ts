import { queryOptions, useQuery } from '@tanstack/react-query';
import { KitListSchema } from '@meridian/contracts';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /api/v1/kits/. */
export const getKits = (signal?: AbortSignal) => apiRequest('/kits/', KitListSchema, { signal });

export const kitsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.kits, queryFn: ({ signal }) => getKits(signal) });

export const useKits = () => useQuery(kitsQueryOptions());
