import type { QueryClient } from '@tanstack/react-query';
import type { Job } from '@meridian/domain';
import { queryKeys } from '../query-keys';

/**
 * Puts the server's answer for one job into the cached job lists, so the row
 * changes without refetching 600 jobs; the assignments list is refetched
 * because it is a different view of the same jobs.
 */
export function replaceJobInCache(queryClient: QueryClient, job: Job): void {
  queryClient.setQueryData<Job[]>(queryKeys.jobs, (jobs) =>
    jobs?.map((current) => (current.id === job.id ? job : current)),
  );
  queryClient.setQueryData<Job[]>(queryKeys.assignments, (jobs) =>
    jobs?.map((current) => (current.id === job.id ? job : current)),
  );
}

/** Refetches every list that shows jobs (after an upload, an analysis or a refused edit). */
export function reloadJobs(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['scheduling'] }).then(() => undefined);
}
