import { queryOptions, useQuery } from '@tanstack/react-query';
import { CalendarFeedStatusSchema } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/me/calendar: whether the user's feed is live. */
export const getCalendarFeed = (signal?: AbortSignal) =>
  apiRequest('/me/calendar', CalendarFeedStatusSchema, { signal });

export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.calendarFeed,
    queryFn: ({ signal }) => getCalendarFeed(signal),
  });

export const useCalendarFeed = (enabled: boolean) =>
  useQuery({ ...calendarFeedQueryOptions(), enabled });
