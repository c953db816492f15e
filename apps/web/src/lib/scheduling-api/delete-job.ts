import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job } from '@meridian/domain';
import { apiSend } from '../api-client';
import { queryKeys } from '../query-keys';

/** DELETE /api/v1/jobs/{id}. */
export const deleteJob = (id: number) => apiSend(`/jobs/${id}`, { method: 'DELETE' });

export const useDeleteJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJob,
    onSuccess: (_, id) => {
      queryClient.setQueryData<Job[]>(queryKeys.jobs, (jobs) =>
        jobs?.filter((job) => job.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.assignments });
    },
  });
};
