import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';

import { apiSend } from '../../../lib/api-client';
import { invalidateScheduling } from '../../../lib/query-keys';

/** DELETE /api/v1/kits/{id}: also empties its slot on every job. */
export const deleteKit = (id: number) => apiSend(`/kits/${id}`, { method: 'DELETE' });

/** The mutation and the caches its answer makes stale (options, so a test can run them). */
export const deleteKitMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: deleteKit,
    onSuccess: () => invalidateScheduling(queryClient, 'kits', 'jobs', 'assignments'),
  });

export const useDeleteKit = () => useMutation(deleteKitMutation(useQueryClient()));
