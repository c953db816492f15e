import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  NotificationsStreamEventSchema,
  type NotificationList,
  type NotificationsStreamEvent,
} from '@meridian/contracts';
import { followSseStream } from '../sse';
import { queryKeys } from '../query-keys';

/** After the stream is lost (server restart, network), try again this much later. */
const RETRY_AFTER_LOST_MS = 15_000;

/**
 * Whether the list already read shows the state an event describes: the same newest notice and
 * the same unread count. The stream's first event describes the state as it connects, mostly the
 * very one the list just read, and reloading then would read the list, the leave requests, the
 * offers and the schedule a second time.
 */
export function isListCurrent(
  list: NotificationList | undefined,
  event: NotificationsStreamEvent,
): boolean {
  return (
    list !== undefined &&
    list.unread === event.unread &&
    (list.items[0]?.id ?? null) === event.latest_id
  );
}

/**
 * Keeps the notification list live: GET /notifications/stream sends the
 * unread count and newest id at once and on every change (on any API node),
 * and an event the list does not show yet reloads it and the user's own schedule. Mounted once
 * by the app shell.
 */
export function useNotificationsStream(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    const run = async () => {
      while (!signal.aborted) {
        let refused = false;
        await followSseStream('/notifications/stream', {
          signal,
          onEvent: (event) => {
            const parsed = NotificationsStreamEventSchema.safeParse(JSON.parse(event.data));
            const known = queryClient.getQueryData<NotificationList>(queryKeys.notifications);
            if (parsed.success && !isListCurrent(known, parsed.data)) {
              // A notice may say the user's own schedule changed: read it again too.
              void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
              void queryClient.invalidateQueries({ queryKey: queryKeys.mySchedule });
            }
            return 'continue';
          },
          onRefused: () => {
            refused = true;
          },
          onEnded: () => undefined,
          onLost: () => undefined,
        });
        if (refused || signal.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_LOST_MS));
      }
    };
    void run();
    return () => controller.abort();
  }, [enabled, queryClient]);
}
