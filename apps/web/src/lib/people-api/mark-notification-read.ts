import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../api-client';
import { queryKeys } from '../query-keys';

/** POST /api/v1/notifications/{id}/read. */
export const markNotificationRead = (id: number) =>
  apiSend(`/notifications/${id}/read`, { method: 'POST' });

/** Marks notifications read, one request each, then reloads the list. */
export const useMarkNotificationsRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => Promise.all(ids.map(markNotificationRead)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
};
