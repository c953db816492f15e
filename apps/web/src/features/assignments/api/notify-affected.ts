import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NotifiedSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/v1/notifications/notify-affected: tells each linked user what
 * changed since their last notice; with a job, only that job's people, about it.
 */
export const notifyAffected = (jobId?: number) =>
  apiRequest(
    `/notifications/notify-affected${jobId === undefined ? '' : `?job_id=${jobId}`}`,
    NotifiedSchema,
    { method: 'POST' },
  );

export const useNotifyAffected = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId?: number) => notifyAffected(jobId),
    // The sender may be linked too: their own list may have grown.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
};
