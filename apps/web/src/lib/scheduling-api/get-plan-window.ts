import { queryOptions, useQuery } from '@tanstack/react-query';
import { PlanWindowAnswerSchema } from '@meridian/contracts';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /api/v1/plan/window: today in the organisation's time zone, and the last published day. */
export const getPlanWindow = (signal?: AbortSignal) =>
  apiRequest('/plan/window', PlanWindowAnswerSchema, { signal });

export const planWindowQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.planWindow,
    queryFn: ({ signal }) => getPlanWindow(signal),
    // Today changes at midnight in the organisation's zone; a minute late is fine.
    staleTime: 60_000,
  });

/** The planning window; see lib/org-today.ts for the date every screen calls today. */
export const usePlanWindow = () => useQuery(planWindowQueryOptions());
