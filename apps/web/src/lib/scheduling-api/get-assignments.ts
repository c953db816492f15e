import { queryOptions, useQuery } from '@tanstack/react-query';
import { JobListSchema } from '@meridian/contracts';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /api/v1/assignments/: the jobs with their assignment fields. */
export const getAssignments = (signal?: AbortSignal) =>
  apiRequest('/assignments/', JobListSchema, { signal });

export const assignmentsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.assignments,
    queryFn: ({ signal }) => getAssignments(signal),
  });

export const useAssignments = () => useQuery(assignmentsQueryOptions());
