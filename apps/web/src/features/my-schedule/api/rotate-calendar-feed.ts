import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarFeedSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/me/calendar: a new private feed URL; any earlier one stops working. */
export const rotateCalendarFeed = () =>
  apiRequest('/me/calendar', CalendarFeedSchema, { method: 'POST' });

export const useRotateCalendarFeed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateCalendarFeed,
    // The new URL shows at once; the refetch below confirms it.
    onSuccess: ({ url }) => queryClient.setQueryData(queryKeys.calendarFeed, { active: true, url }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.calendarFeed }),
  });
};
