import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';

/** POST /api/v1/admin/users/{id}/password. Nothing listed changes, so nothing is invalidated. */
export const resetUserPassword = ({ id, newPassword }: { id: number; newPassword: string }) =>
  apiSend(`/admin/users/${id}/password`, { method: 'POST', json: { new_password: newPassword } });

export const useResetUserPassword = () => useMutation({ mutationFn: resetUserPassword });
