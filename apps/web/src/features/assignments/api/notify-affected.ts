import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NotifiedSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/notifications/notify-affected: tells each linked user what changed since their last notice. */
export const notifyAffected = () =>
  apiRequest('/notifications/notify-affected', NotifiedSchema, { method: 'POST' });

export const useNotifyAffected = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: notifyAffected,
    // The sender may be linked too: their own list may have grown.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
};
