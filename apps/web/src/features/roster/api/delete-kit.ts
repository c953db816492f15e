import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

import { apiSend } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lib/scheduling-keys';

/** DELETE /api/v1/kits/{id}: also empties its slot on every job. */
export const deleteKit = (id: number) => apiSend(`/kits/${id}`, { method: 'DELETE' });

/** The mutation and the caches its answer makes stale (options, so a test can run them). */
export const deleteKitMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: deleteKit,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: schedulingKeys.kits }),
        queryClient.invalidateQueries({ queryKey: schedulingKeys.jobs }),
        queryClient.invalidateQueries({ queryKey: schedulingKeys.assignments }),
      ]),
  });

export const useDeleteKit = () => useMutation(deleteKitMutation(useQueryClient()));
