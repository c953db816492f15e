import { queryOptions, useQuery } from '@tanstack/react-query';
import { RunDetailSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/runs/{id}: the run with every slot it changed. */
export const getRun = (id: number, signal?: AbortSignal) =>
  apiRequest(`/runs/${id}`, RunDetailSchema, { signal });

export const runQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.run(id), queryFn: ({ signal }) => getRun(id, signal) });

/** The chosen run's details, once one is chosen. */
export const useRun = (id: number | null) =>
  useQuery({ ...runQueryOptions(id ?? 0), enabled: id !== null });
