import { queryOptions, useQuery } from '@tanstack/react-query';
import { JobListSchema } from '@meridian/contracts';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /api/v1/jobs/. */
export const getJobs = (signal?: AbortSignal) => apiRequest('/jobs/', JobListSchema, { signal });

export const jobsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.jobs, queryFn: ({ signal }) => getJobs(signal) });

export const useJobs = () => useQuery(jobsQueryOptions());
