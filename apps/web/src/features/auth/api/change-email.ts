import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EmailChangedSchema, type ChangeEmailRequest, type CurrentUser } from '@meridian/contracts';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * PUT /api/v1/me/email: the old address is told by mail and notices go to
 * the new one. The session goes on; GET /auth/me's copy takes the new address.
 */
export const changeEmail = (body: ChangeEmailRequest) =>
  apiRequest('/me/email', EmailChangedSchema, { method: 'PUT', json: body });

export const useChangeEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: ({ email }) =>
      queryClient.setQueryData<CurrentUser>(queryKeys.currentUser, (me) =>
        me === undefined ? me : { ...me, email },
      ),
  });
};
