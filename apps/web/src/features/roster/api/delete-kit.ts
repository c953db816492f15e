import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lib/scheduling-keys';

/** DELETE /api/v1/kits/{id}. */
export const deleteKit = (id: number) => apiSend(`/kits/${id}`, { method: 'DELETE' });

export const useDeleteKit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulingKeys.kits }),
  });
};
