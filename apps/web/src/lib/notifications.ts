import { useSyncExternalStore } from 'react';

/**
 * The ticker's notifications: several features post them (a finished run, a
 * kit assignment) and the ticker, another feature, shows them. They are this
 * session's own happenings (not server data), so they live here, not in the
 * query cache, and vanish on reload.
 */

export type NotificationSeverity = 'success' | 'info' | 'warning' | 'error';

/** One line of the ticker. */
export interface SessionNotification {
  id: number;
  text: string;
  severity: NotificationSeverity;
  at: number;
}

/** The ticker keeps the latest few; older lines have had their time on screen. */
const MAX_NOTIFICATIONS = 8;

let notifications: readonly SessionNotification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Adds a line to the ticker. */
export function pushNotification(text: string, severity: NotificationSeverity = 'info'): void {
  notifications = [...notifications, { id: nextId++, text, severity, at: Date.now() }].slice(
    -MAX_NOTIFICATIONS,
  );
  emit();
}

/** Empties the ticker (its close button, and logout). */
export function clearNotifications(): void {
  notifications = [];
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session's notifications, oldest first. */
export function useNotifications(): readonly SessionNotification[] {
  return useSyncExternalStore(subscribe, () => notifications);
}
