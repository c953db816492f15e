import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest } from '@meridian/contracts';
import { apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/admin/users. */
export const createUser = (body: CreateUserRequest) =>
  apiSend('/admin/users', { method: 'POST', json: body });

export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
};
