import { queryOptions, useQuery } from '@tanstack/react-query';
import { NotificationListSchema } from '@meridian/contracts';
import { apiRequest } from '../api-client';
import { queryKeys } from '../query-keys';

/** GET /api/v1/notifications: the signed-in user's own, newest first, with the unread count. */
export const getNotifications = (signal?: AbortSignal) =>
  apiRequest('/notifications', NotificationListSchema, { signal });

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications,
    queryFn: ({ signal }) => getNotifications(signal),
  });

/** The user's notifications (the bell and the ticker); kept fresh by useNotificationsStream. */
export const useServerNotifications = () => useQuery(notificationsQueryOptions());
