import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lib/scheduling-keys';

/** DELETE /api/v1/physicists/{id}. */
export const deletePhysicist = (id: number) => apiSend(`/physicists/${id}`, { method: 'DELETE' });

export const useDeletePhysicist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhysicist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulingKeys.physicists }),
  });
};
