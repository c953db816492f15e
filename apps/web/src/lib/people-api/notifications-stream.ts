import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NotificationsStreamEventSchema } from '@meridian/contracts';
import { followSseStream } from '../sse';
import { queryKeys } from '../query-keys';

/** After the stream is lost (server restart, network), try again this much later. */
const RETRY_AFTER_LOST_MS = 15_000;

/**
 * Keeps the notification list live: GET /notifications/stream sends the
 * unread count and newest id at once and on every change (on any API node),
 * and each event reloads the list and the user's own schedule. Mounted once
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
            if (NotificationsStreamEventSchema.safeParse(JSON.parse(event.data)).success) {
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
