import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../components/toast/toast-context';
import { clearNotifications } from '../lib/notifications';
import { onSessionEnded, SESSION_ENDED_MESSAGE } from '../lib/session-store';

/**
 * When the server ends the session (a 401 to the stored token: role changed,
 * password reset, account deleted), nothing of that user's data may stay for
 * whoever signs in next: the cache and the ticker are emptied, as on logout,
 * and one toast says why. The protected layout sees the session gone and goes
 * to /login. The failed request's own toast rarely shows: its screen unmounts.
 */
export function SessionEndHandler() {
  const queryClient = useQueryClient();
  const toast = useToast();
  useEffect(
    () =>
      onSessionEnded(() => {
        void queryClient.cancelQueries();
        queryClient.clear();
        clearNotifications();
        toast.warning(SESSION_ENDED_MESSAGE);
      }),
    [queryClient, toast],
  );
  return null;
}
