import { queryOptions, useQuery } from '@tanstack/react-query';
import { RequestImpactSchema, RequestInboxSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How often the inbox (and the top bar's badge) looks for new requests. */
const INBOX_REFRESH_MS = 30_000;

/** GET /api/v1/requests: every request, pending first, and the pending count. */
export const getRequests = (signal?: AbortSignal) =>
  apiRequest('/requests', RequestInboxSchema, { signal });

export const requestsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.requests, queryFn: ({ signal }) => getRequests(signal) });

/** The inbox, refreshed while the app is open (only admins and managers may read it). */
export const useRequests = (enabled = true) =>
  useQuery({ ...requestsQueryOptions(), enabled, refetchInterval: INBOX_REFRESH_MS });

/**
 * GET /api/v1/requests/{id}/impact: a leave's jobs and who could cover them,
 * or a swap's rules and F now beside F when accepted (by `kind`).
 */
export const getRequestImpact = (id: number, signal?: AbortSignal) =>
  apiRequest(`/requests/${id}/impact`, RequestImpactSchema, { signal });

/** One request's impact. */
export const useRequestImpact = (id: number, enabled = true) =>
  useQuery({
    queryKey: queryKeys.requestImpact(id),
    queryFn: ({ signal }) => getRequestImpact(id, signal),
    enabled,
  });
