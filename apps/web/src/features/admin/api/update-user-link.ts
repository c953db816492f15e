import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/v1/admin/users/{id} with physicist_id: links the account to a physicist, or unlinks it (null). */
export const updateUserLink = ({ id, physicistId }: { id: number; physicistId: number | null }) =>
  apiSend(`/admin/users/${id}`, { method: 'PUT', json: { physicist_id: physicistId } });

export const useUpdateUserLink = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserLink,
    onSettled: () =>
      Promise.all([
        // Prefix of the suggestions' key too.
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
        // The admin may have linked their own account.
        queryClient.invalidateQueries({ queryKey: queryKeys.mySchedule }),
      ]),
  });
};
