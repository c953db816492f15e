import { queryOptions, useQuery } from '@tanstack/react-query';
import { TaskListSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/tasks/active: queued and running tasks. */
export const getActiveTasks = (signal?: AbortSignal) =>
  apiRequest('/tasks/active', TaskListSchema, { signal });

export const activeTasksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.activeTasks,
    queryFn: ({ signal }) => getActiveTasks(signal),
    // The streams keep the list current; a refetch happens only when a task starts.
    staleTime: Infinity,
  });

/** The task list, loaded once at start when signed in, so running tasks show after a reload. */
export const useActiveTasks = (isSignedIn: boolean) =>
  useQuery({ ...activeTasksQueryOptions(), enabled: isSignedIn });
