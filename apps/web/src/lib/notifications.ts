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
  /** Read once the bell's "Mark all read" or the ticker's clear button has been used. */
  read: boolean;
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
  notifications = [
    ...notifications,
    { id: nextId++, text, severity, at: Date.now(), read: false },
  ].slice(-MAX_NOTIFICATIONS);
  emit();
}

/** Marks these happenings read: the ticker drops them, the bell keeps listing them. */
export function markSessionNotificationsRead(ids: readonly number[]): void {
  const targets = new Set(ids);
  if (!notifications.some((n) => !n.read && targets.has(n.id))) return;
  notifications = notifications.map((n) => (targets.has(n.id) ? { ...n, read: true } : n));
  emit();
}

/** Forgets every happening (logout and the end of a session). */
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
