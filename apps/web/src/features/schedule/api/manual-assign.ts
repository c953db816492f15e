import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualAssignmentRequest } from '@meridian/contracts';
import { JobSchema } from '@meridian/domain';
import { apiRequest } from '../../../lib/api-client';
import { replaceJobInCache } from '../../../lib/scheduling-api/job-cache';

/** POST /api/v1/assignments/manual: pins (or clears, with null) a lead or data_acq physicist. */
export const assignPhysicist = (body: ManualAssignmentRequest) =>
  apiRequest('/assignments/manual', JobSchema, { method: 'POST', json: body });

export const useAssignPhysicist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignPhysicist,
    onSuccess: (job) => replaceJobInCache(queryClient, job),
  });
};
