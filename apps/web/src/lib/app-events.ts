import { useSyncExternalStore } from 'react';

/**
 * App-wide events between features that may not import each other (STYLE.md):
 * the tasks feature announces a finished optimisation, and several features
 * post session notifications that the ticker shows. Notifications are this
 * session's own happenings (not server data), so they live here, not in the
 * query cache, and vanish on reload.
 */

/** Fired on window when an optimisation run completes (spec section 4). */
export const OPTIMISATION_COMPLETE_EVENT = 'meridian:optimisation-complete';

export interface OptimisationCompleteDetail {
  taskId: string;
  algorithm: string | null;
}

export function announceOptimisationComplete(detail: OptimisationCompleteDetail): void {
  window.dispatchEvent(new CustomEvent(OPTIMISATION_COMPLETE_EVENT, { detail }));
}

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
