import { queryOptions, useQuery } from '@tanstack/react-query';
import { WeightsBodySchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/admin/settings/weights: the optimiser's three objective weights. */
export const getWeights = (signal?: AbortSignal) =>
  apiRequest('/admin/settings/weights', WeightsBodySchema, { signal });

export const weightsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.weights, queryFn: ({ signal }) => getWeights(signal) });

export const useWeights = () => useQuery(weightsQueryOptions());
