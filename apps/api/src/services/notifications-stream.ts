import type { SSEReplyInterface } from '@fastify/sse';
import type { NotificationsStreamEvent } from '@meridian/contracts';
import type { TaskEventBus } from '../tasks/task-event-bus';
import type { NotificationSignal } from './notifications.service';

/** Safety net: re-read the state this often even without a wake-up (lost NOTIFY, reconnect). */
const POLL_MS = 15_000;

/**
 * The bus key of a user's notifications. The task event bus carries any key
 * (task ids are UUIDs, so the two never meet); on PostgreSQL it goes through
 * LISTEN/NOTIFY, so a notice stored by one API node wakes streams on all.
 */
const keyOf = (userId: number) => `notifications:user:${userId}`;

/**
 * The bus key that wakes the mail outbox (mail/mail-pump.ts): notices were
 * written, so their e-mail deliveries are queued.
 */
export const MAIL_OUTBOX_KEY = 'mail:outbox';

/** A NotificationSignal over the event bus: the users' streams, and the mail outbox. */
export function busNotificationSignal(bus: TaskEventBus): NotificationSignal {
  return {
    async wake(userIds) {
      for (const id of new Set(userIds)) await bus.publish(keyOf(id));
      if (userIds.length > 0) await bus.publish(MAIL_OUTBOX_KEY);
    },
  };
}

/**
 * Streams a user's notification state (unread count, newest id) as SSE: once
 * at the start, then whenever it changes. The state is always read from the
 * table, so a lost wake-up costs latency, never a notification. Runs until
 * the client goes, the server closes or `ended` is aborted (its token was
 * revoked: http/user-streams.ts).
 */
export async function streamNotificationState(
  sse: SSEReplyInterface,
  userId: number,
  readState: () => Promise<NotificationsStreamEvent>,
  bus: TaskEventBus,
  ended: AbortSignal,
): Promise<void> {
  let woken = false;
  let wake: (() => void) | null = null;
  const signal = () => {
    woken = true;
    wake?.();
  };
  // Subscribe before the first read: a notice stored in between still wakes us.
  const unsubscribe = bus.subscribe(keyOf(userId), signal);
  sse.onClose(signal);
  ended.addEventListener('abort', signal, { once: true });
  let last = '';
  try {
    sse.sendHeaders();
    while (sse.isConnected && !bus.isClosed && !ended.aborted) {
      woken = false;
      const state = await readState();
      if (ended.aborted) return;
      const text = JSON.stringify(state);
      if (text !== last) {
        await sse.send({ data: state });
        last = text;
      }
      if (woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  } finally {
    ended.removeEventListener('abort', signal);
    unsubscribe();
  }
}
