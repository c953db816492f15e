import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobRecordSchema, type PinsRequest } from '@meridian/contracts';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query-keys';
import { replaceJobInCache } from './job-cache';

/** PUT /api/v1/assignments/{job_id}/pins: locks or unlocks each slot (answered as the full job). */
export const setPins = ({ jobId, pins }: { jobId: number; pins: PinsRequest }) =>
  apiRequest(`/assignments/${jobId}/pins`, JobRecordSchema, { method: 'PUT', json: pins });

/** Saves a job's locks; the answer replaces the job in the cached lists at once. */
export const useSetPins = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPins,
    onSuccess: async (job) => {
      replaceJobInCache(queryClient, job);
      await queryClient.invalidateQueries({ queryKey: queryKeys.explanation(job.id) });
    },
  });
};
