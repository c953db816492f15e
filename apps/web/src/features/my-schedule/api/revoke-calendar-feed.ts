import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/v1/me/calendar: the feed URL stops working. */
export const revokeCalendarFeed = () => apiSend('/me/calendar', { method: 'DELETE' });

export const useRevokeCalendarFeed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeed }),
  });
};
