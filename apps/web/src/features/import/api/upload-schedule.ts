import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UploadResultSchema } from '@meridian/contracts';
import { uploadFile } from '../../../lib/api-files';
import { reloadJobs } from '../../../lib/scheduling-api/job-cache';

/** POST /api/v1/schedules/upload: replaces all jobs and unavailability records, or nothing. */
export const uploadSchedule = (file: File) =>
  uploadFile('/schedules/upload', file, UploadResultSchema);

export const useUploadSchedule = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadSchedule, onSuccess: () => reloadJobs(queryClient) });
};
