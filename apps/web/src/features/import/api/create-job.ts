import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobSchema, type Job } from '@meridian/domain';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lib/scheduling-keys';

/** POST /api/v1/jobs/: creates a blank job for the user to fill in. */
export const createJob = () => apiRequest('/jobs/', JobSchema, { method: 'POST' });

export const useCreateJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: (job) => {
      queryClient.setQueryData<Job[]>(schedulingKeys.jobs, (jobs) =>
        jobs ? [...jobs, job] : jobs,
      );
      void queryClient.invalidateQueries({ queryKey: schedulingKeys.assignments });
    },
  });
};
