import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JobSchema } from '@meridian/domain';
import { apiRequest } from '../../../lib/api-client';
import { replaceJobInCache } from '../../../lib/scheduling-api/job-cache';

/** POST /api/v1/kits/manual_override: pins (or clears, with null) a job's kit. */
export const overrideKit = (body: { job_id: number; kit_id: number | null }) =>
  apiRequest('/kits/manual_override', JobSchema, { method: 'POST', json: body });

export const useOverrideKit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: overrideKit,
    onSuccess: (job) => replaceJobInCache(queryClient, job),
  });
};
