import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job } from '@meridian/domain';
import { apiSend } from '../api-client';
import { queryKeys } from '../query-keys';

/** A job to delete, with the reason a past one's record is corrected. */
export interface JobRemoval {
  id: number;
  correctionReason?: string | undefined;
}

/** DELETE /api/v1/jobs/{id}, with `correction_reason` for a past job. */
export const deleteJob = ({ id, correctionReason }: JobRemoval) =>
  apiSend(
    correctionReason === undefined
      ? `/jobs/${id}`
      : `/jobs/${id}?${new URLSearchParams({ correction_reason: correctionReason }).toString()}`,
    { method: 'DELETE' },
  );

export const useDeleteJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJob,
    onSuccess: (_, { id }) => {
      queryClient.setQueryData<Job[]>(queryKeys.jobs, (jobs) =>
        jobs?.filter((job) => job.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.assignments });
    },
  });
};
