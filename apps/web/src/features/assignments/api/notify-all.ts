import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NotifiedSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/notifications/notify-all: one message to every linked user. */
export const notifyAll = (message: string) =>
  apiRequest('/notifications/notify-all', NotifiedSchema, { method: 'POST', json: { message } });

export const useNotifyAll = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: notifyAll,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
};
