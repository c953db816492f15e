import { queryOptions, useQuery } from '@tanstack/react-query';
import { AnalyticsSummarySchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/analytics/summary. */
export const getAnalyticsSummary = (signal?: AbortSignal) =>
  apiRequest('/analytics/summary', AnalyticsSummarySchema, { signal });

export const analyticsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.analyticsSummary,
    queryFn: ({ signal }) => getAnalyticsSummary(signal),
  });

export const useAnalyticsSummary = () => useQuery(analyticsSummaryQueryOptions());
