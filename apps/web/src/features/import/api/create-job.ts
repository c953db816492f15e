import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobSchema, type Job } from '@meridian/domain';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/jobs/: creates a blank job for the user to fill in. */
export const createJob = () => apiRequest('/jobs/', JobSchema, { method: 'POST' });

export const useCreateJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: (job) => {
      queryClient.setQueryData<Job[]>(queryKeys.jobs, (jobs) => (jobs ? [...jobs, job] : jobs));
      void queryClient.invalidateQueries({ queryKey: queryKeys.assignments });
    },
  });
};
