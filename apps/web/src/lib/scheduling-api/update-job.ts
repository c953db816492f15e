import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobRecordSchema } from '@meridian/contracts';
import type { Job } from '@meridian/domain';
import { apiRequest, ApiError } from '../api-client';
import { queryKeys } from '../query-keys';
import { replaceJobInCache } from './job-cache';

/** An edited job, and why, when the edit corrects the record of a past job. */
export interface JobEdit {
  job: Job;
  correctionReason?: string | undefined;
}

/**
 * PUT /api/v1/jobs/{id}: the full job including the version it was read at
 * (answered with its pinned flags), with `correction_reason` for a past job.
 */
export const updateJob = ({ job, correctionReason }: JobEdit) =>
  apiRequest(`/jobs/${job.id}`, JobRecordSchema, {
    method: 'PUT',
    json: correctionReason === undefined ? job : { ...job, correction_reason: correctionReason },
  });

/** Saves one edited job; the answer replaces the row, a 409 (stale version) reloads it. */
export const useUpdateJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJob,
    onSuccess: (job) => replaceJobInCache(queryClient, job),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.jobs });
      }
    },
  });
};
