import { useCallback, useMemo } from 'react';
import type { NotificationList } from '@meridian/contracts';
import {
  markSessionNotificationsRead,
  useNotifications,
  type NotificationSeverity,
  type SessionNotification,
} from './notifications';
import { useServerNotifications } from './people-api/get-notifications';
import { useMarkNotificationsRead } from './people-api/mark-notification-read';

/** One notification as the bell and the ticker show it. */
export interface FeedItem {
  key: string;
  text: string;
  severity: NotificationSeverity;
  /** When it happened, in milliseconds since the epoch. */
  at: number;
  read: boolean;
  /** The server's id for a notification a manager sent; null for this session's happenings. */
  serverId: number | null;
  /** The session store's id for a happening; null for the server's notifications. */
  sessionId: number | null;
}

/**
 * The one list of notifications behind the bell and the ticker: what managers
 * sent (server) and this session's happenings (finished runs, kit
 * assignments), newest first. The ticker shows its unread items and the bell
 * lists all of them, so the two never disagree.
 */
export function mergeFeed(
  server: NotificationList['items'],
  session: readonly SessionNotification[],
): FeedItem[] {
  const items: FeedItem[] = [
    ...server.map((n) => ({
      key: `n${n.id}`,
      text: n.message,
      severity: 'info' as const,
      at: Date.parse(n.created_at),
      read: n.read,
      serverId: n.id,
      sessionId: null,
    })),
    ...session.map((n) => ({
      key: `s${n.id}`,
      text: n.text,
      severity: n.severity,
      at: n.at,
      read: n.read,
      serverId: null,
      sessionId: n.id,
    })),
  ];
  return items.sort((a, b) => b.at - a.at);
}

/** The feed with its unread count, and the one way to mark items read. */
export function useNotificationFeed() {
  const server = useServerNotifications();
  const session = useNotifications();
  const { mutate, isPending } = useMarkNotificationsRead();
  const items = useMemo(() => mergeFeed(server.data?.items ?? [], session), [server.data, session]);
  const unread = items.filter((item) => !item.read);
  const markRead = useCallback(
    (targets: readonly FeedItem[]) => {
      const pending = targets.filter((t) => !t.read);
      markSessionNotificationsRead(
        pending.flatMap((t) => (t.sessionId === null ? [] : [t.sessionId])),
      );
      const ids = pending.flatMap((t) => (t.serverId === null ? [] : [t.serverId]));
      if (ids.length > 0) mutate(ids);
    },
    [mutate],
  );
  return { items, unread, markRead, isMarking: isPending };
}
