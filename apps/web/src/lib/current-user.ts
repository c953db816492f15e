import { queryOptions, useQuery } from '@tanstack/react-query';
import { CurrentUserSchema } from '@meridian/contracts';
import { canManageSchedule } from '@meridian/domain';
import { apiRequest } from './api-client';
import { queryKeys } from './query-keys';
import { useSession } from './session-store';

/** GET /api/v1/auth/me: username, role and can_edit_kits of the signed-in account. */
export const getCurrentUser = (signal?: AbortSignal) =>
  apiRequest('/auth/me', CurrentUserSchema, { signal });

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => getCurrentUser(signal),
    // Capabilities change only with server configuration or a role change (which ends the session).
    staleTime: 5 * 60_000,
  });

export const useCurrentUser = () => {
  const session = useSession();
  return useQuery({ ...currentUserQueryOptions(), enabled: session !== null });
};

/**
 * Whether this user may edit kits and assign them by hand (admins, managers
 * and the server's KIT_EDITOR_USERNAMES). False until the server has said so,
 * so no control appears that the server would refuse.
 */
export function useCanEditKits(): boolean {
  const session = useSession();
  const me = useCurrentUser();
  // The role alone already grants it, so admins and managers need not wait for the answer.
  if (session && canManageSchedule(session.claims.role)) return true;
  return me.data?.can_edit_kits ?? false;
}
