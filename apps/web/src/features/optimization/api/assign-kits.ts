import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { invalidateScheduling } from '../../../lib/query-keys';

/** POST /api/v1/kits/assign: the automated kit assignment; answers a summary message. */
export const assignKits = () => apiRequest('/kits/assign', MessageSchema, { method: 'POST' });

export const useAssignKits = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignKits,
    onSuccess: async () => {
      // Kit fields live on the jobs and assignments as well as on the kits.
      await invalidateScheduling(queryClient, 'assignments', 'jobs', 'kits');
    },
  });
};
