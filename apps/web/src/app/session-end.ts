import type { QueryClient } from '@tanstack/react-query';
import { clearNotifications } from '../lib/app-events';
import { onSessionEnded } from '../lib/session-store';

/**
 * When the server ends the session (a 401 to the stored token: role changed,
 * password reset, account deleted), nothing of that user's data may stay for
 * whoever signs in next: the cache and the ticker are emptied, as on logout.
 * The protected layout sees the session gone and goes to /login; the failed
 * request's own toast says why. Returns the unsubscribe function.
 */
export function clearDataWhenSessionEnds(queryClient: QueryClient): () => void {
  return onSessionEnded(() => {
    void queryClient.cancelQueries();
    queryClient.clear();
    clearNotifications();
  });
}
