import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiSend } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/v1/availability/{id}. */
export const deleteUnavailability = (id: number) =>
  apiSend(`/availability/${id}`, { method: 'DELETE' });

export const useDeleteUnavailability = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUnavailability,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.availability }),
  });
};
