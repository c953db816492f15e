import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@meridian/domain';
import { apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT /api/v1/admin/users/{id}: only the role can be changed. */
export const updateUserRole = ({ id, role }: { id: number; role: Role }) =>
  apiSend(`/admin/users/${id}`, { method: 'PUT', json: { role } });

export const useUpdateUserRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
};
