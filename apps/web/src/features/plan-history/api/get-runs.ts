import { queryOptions, useQuery } from '@tanstack/react-query';
import { RunListSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/runs: the recorded runs, newest first. */
export const getRuns = (signal?: AbortSignal) =>
  apiRequest('/runs?limit=50', RunListSchema, { signal });

export const runsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.runs, queryFn: ({ signal }) => getRuns(signal) });

/** The recorded runs, loaded only while the history panel is open. */
export const useRuns = (enabled: boolean) => useQuery({ ...runsQueryOptions(), enabled });
